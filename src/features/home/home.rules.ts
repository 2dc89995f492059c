/**
 * A figure on the home page is shown from this count up. Below it ("0 reviews from clients",
 * "3 providers") a figure argues against the marketplace rather than for it, so it is left out.
 */
export const MIN_SHOWN_FIGURE = 10;

/** The count as the home page may show it, or null when it is too small to show. */
export const shownFigure = (count: number): number | null =>
  count >= MIN_SHOWN_FIGURE ? count : null;
