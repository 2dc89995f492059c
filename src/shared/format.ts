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

/**
 * The marketplace's clock (Slovakia): dates are printed in it everywhere, so the server's render
 * and the browser's agree on the day whatever zone either runs in.
 */
export const MARKET_TIME_ZONE = 'Europe/Bratislava';

/** A calendar date such as "5. 10. 2025" (sk) or "5 October 2025" (en). */
export function formatDate(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'medium',
    timeZone: MARKET_TIME_ZONE,
  }).format(new Date(value));
}

/** A date with its time of day, such as "18. 12. 2026 14:30" (sk), in the marketplace's clock. */
export function formatDateTime(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: MARKET_TIME_ZONE,
  }).format(new Date(value));
}

/** A day without a time, as the API sends it ("2026-05-01"): the same day in every time zone. */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest unit that fits, and its length: "3 weeks ago" rather than "23 days ago". */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * How long ago something happened, short, in the page's language: "pred 2 h" (sk), "2 hr ago"
 * (en), "yesterday". Under a minute is "now"; a time slightly ahead (a clock that runs behind
 * the server's) is "now" as well, never "in 1 min".
 */
export function formatTimeAgo(value: string | Date, now: Date, language: Language): string {
  const format = new Intl.RelativeTimeFormat(LOCALE_OF[language], {
    numeric: 'auto',
    style: 'short',
  });
  const elapsed = Math.max(0, now.getTime() - new Date(value).getTime());
  const unit = RELATIVE_UNITS.find(([, length]) => elapsed >= length);
  if (!unit) return format.format(0, 'second');
  return format.format(-Math.floor(elapsed / unit[1]), unit[0]);
}

/** Euro number on the wire (at most two decimals) to cents, and back. */
export const eurosToCents = (euros: number) => Math.round(euros * 100);
export const centsToEuros = (cents: number) => cents / 100;

/** A euro amount has at most two decimals (spec core §9: step 0.01). */
export const hasAtMostTwoDecimals = (euros: number) =>
  Math.abs(eurosToCents(euros) - euros * 100) < 1e-6;

/** A distance in km as lists show it: one decimal below 10 km ("2,4"), whole above ("12"). */
export const formatKm = (km: number, language: Language) =>
  new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
