/** The product's name, used in the header, page titles and mail. */
export const PRODUCT_NAME = 'Majstri';

/** Business hours shown to people (spec core §1). */
export const BUSINESS_HOURS = { days: 'mon-fri', opens: '9:00', closes: '17:00' } as const;

/**
 * The brand's colours where no style sheet reaches: the installed app's frame and splash screen
 * (the web app manifest, `<meta name="theme-color">`) and the service worker's offline page.
 * The same as the style sheet's brand-700, stone-50, stone-900 and accent-700.
 */
export const BRAND_COLOURS = {
  theme: '#0f766e',
  background: '#fafaf9',
  text: '#1c1917',
  action: '#c2410c',
} as const;
