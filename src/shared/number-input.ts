import { z } from 'zod';
import { LOCALE_OF, type Language } from './languages';

/** Spaces people (and Intl) put between thousands: plain, no-break, narrow no-break, thin. */
const GROUP_SPACE = '[ \\u00a0\\u202f\\u2009]';

/** Digits grouped by spaces ("1 250") or not grouped at all ("1250"). */
const SPACED_WHOLE = new RegExp(`^\\d{1,3}(?:${GROUP_SPACE}\\d{3})+$|^\\d+$`);

/**
 * A number as a person types it into a price or count field, in any of our languages: a decimal
 * comma or point ("32,50", "32.50"), thousands apart by spaces ("1 250,50"), or by the other mark
 * when both are written ("1.250,50", "1,250.50"). A lone comma or point is always the decimal
 * mark: "1,250" is one and a quarter, as Slovak and Czech read it. Answers undefined for anything
 * else (letters, "1,2,3", "1 25", an empty field).
 */
export function parseNumberInput(text: string): number | undefined {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const unsigned = negative ? trimmed.slice(1) : trimmed;
  const whole = splitDecimal(unsigned);
  if (!whole) return undefined;
  const [integerPart, fraction, decimalMark] = whole;
  if (!/^\d*$/.test(fraction) || (integerPart === '' && fraction === '')) return undefined;
  const digits = integerPart === '' ? '0' : wholeDigits(integerPart, decimalMark);
  if (digits === undefined) return undefined;
  const value = Number(`${digits}.${fraction || '0'}`);
  return negative ? -value : value;
}

/** The integer and fraction text of a typed number, or undefined when its marks make no sense. */
function splitDecimal(text: string): [string, string, string] | undefined {
  const decimalAt = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  if (decimalAt < 0) return [text, '', ''];
  const fraction = text.slice(decimalAt + 1);
  if (fraction === '') return undefined;
  return [text.slice(0, decimalAt), fraction, text[decimalAt]!];
}

/** The integer part's digits, its grouping taken out; undefined when the groups are not thousands. */
function wholeDigits(integerPart: string, decimalMark: string): string | undefined {
  if (SPACED_WHOLE.test(integerPart)) return integerPart.replace(/\D/g, '');
  // Both marks written: the other one groups thousands ("1.250,50", "1,250.50").
  const groupMark = decimalMark === ',' ? '\\.' : ',';
  if (new RegExp(`^\\d{1,3}(?:${groupMark}\\d{3})+$`).test(integerPart)) {
    return integerPart.replace(/\D/g, '');
  }
  return undefined;
}

/**
 * A number field's rule on the wire and in the forms: typed text is read by
 * `parseNumberInput`, numbers pass as they are, and text that is no number reaches `schema` as
 * text, so the field's own message explains it.
 */
export const numberInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (parseNumberInput(value) ?? value) : value),
    schema,
  );

/**
 * A stored number as the field shows it for editing, in the page's language: "32,50" (sk),
 * "32.50" (en); two decimals when there are cents, none for whole numbers, no grouping.
 */
export function formatNumberInput(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined) return '';
  const cents = !Number.isInteger(value);
  return new Intl.NumberFormat(LOCALE_OF[language], {
    useGrouping: false,
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}
