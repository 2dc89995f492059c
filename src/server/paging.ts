/**
 * Whether a page alone tells how many there are: one that is not full is the last one, so the
 * total is its offset and its rows. An empty page past the first tells nothing (the list may have
 * ended before it). Lists that count their matches skip the count when it does.
 */
export const pageTellsTotal = (rows: number, limit: number, offset: number) =>
  rows < limit && (rows > 0 || offset === 0);
