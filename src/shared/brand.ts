/** The product's name, used in the header, page titles and mail. */
export const PRODUCT_NAME = 'Majstri';

/** Business hours shown to people (spec core §1). */
export const BUSINESS_HOURS = { days: 'mon-fri', opens: '9:00', closes: '17:00' } as const;
