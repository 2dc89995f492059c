import { LOCALE_OF, type Language } from './languages';

/**
 * Euro amounts from integer cents, in the page's language: "1 250,50 €" (sk), "€1,250.50" (en).
 * Always the € sign: Ukrainian and Russian would otherwise write "EUR".
 */
export function formatEuro(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_OF[language], {
    style: 'currency',
    currency: 'EUR',
    currencyDisplay: 'narrowSymbol',
  }).format(cents / 100);
}

/** A calendar date such as "5. 10. 2025" (sk) or "5 October 2025" (en). */
export function formatDate(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], { dateStyle: 'medium' }).format(
    new Date(value),
  );
}

/** Euro number on the wire (at most two decimals) to cents, and back. */
export const eurosToCents = (euros: number) => Math.round(euros * 100);
export const centsToEuros = (cents: number) => cents / 100;

/** A euro amount has at most two decimals (spec core §9: step 0.01). */
export const hasAtMostTwoDecimals = (euros: number) =>
  Math.abs(eurosToCents(euros) - euros * 100) < 1e-6;
