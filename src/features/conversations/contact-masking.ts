import {
  AT_HANDLE,
  DATE_IN_RUN,
  DOMAIN,
  EMAIL,
  LINK,
  MESSENGER_HANDLE,
  MESSENGER_NAME,
  PHONE_RUN,
  SPELLED_EMAIL,
  UNIT_AFTER,
} from './contact-patterns';

/**
 * Contact masking: until a client accepts a provider's bid, the messages between them must not
 * carry a way to reach each other outside the product. The server masks the text before storing
 * it. Pure: no I/O, nothing from the server or the browser.
 *
 * The passes run from the most specific to the least: links, e-mail addresses, bare domains,
 * phone numbers, "@handles", then handles named after a messenger. What one pass masked is no
 * longer letters or digits, so a later pass cannot match inside it.
 */

/** The mark that stands where a contact detail was. */
export const MASK = '•••';

export interface Masked {
  text: string;
  masked: boolean;
}

/** Replaces every e-mail, phone number, web/social link and messenger handle in `text` with MASK. */
export function maskContacts(text: string): Masked {
  let out = text;
  out = out.replace(LINK, maskKeepingPunctuation);
  out = out.replace(SPELLED_EMAIL, MASK);
  out = out.replace(EMAIL, MASK);
  out = out.replace(DOMAIN, maskKeepingPunctuation);
  out = out.replace(PHONE_RUN, (run: string, offset: number, whole: string) =>
    maskPhones(run, whole.slice(offset + run.length, offset + run.length + 8)),
  );
  out = out.replace(AT_HANDLE, MASK);
  out = out.replace(MESSENGER_HANDLE, (match: string, name: string, gap: string, handle: string) =>
    isHandle(name, gap, handle) ? name + gap + MASK : match,
  );
  return { text: out, masked: out !== text };
}

/** Masks a link but gives back the punctuation that ends the sentence after it. */
function maskKeepingPunctuation(link: string): string {
  let end = link.length;
  while (end > 0 && '.,;:!?)]}\'"»'.includes(link[end - 1] ?? '')) end -= 1;
  return MASK + link.slice(end);
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

interface DigitGroup {
  start: number;
  end: number;
  digits: string;
  /** Part of a date ("15.03.2027"): never part of a phone number. */
  inDate: boolean;
}

/** More digits than any phone number has, with "00" and a country code. */
const MAX_PHONE_DIGITS = 17;

/**
 * Masks the phone numbers inside one run of digit groups (PHONE_RUN). A run may hold several
 * numbers ("0905 123 456 / 0911 222 333") or a date beside one, so it is read group by group:
 * from each group, the longest stretch of groups that reads as a phone number is masked. Each
 * start looks at no more than MAX_PHONE_DIGITS digits, so the work grows with the run's length.
 */
function maskPhones(run: string, after: string): string {
  // The shortest phone number ("+" and 8 digits) is longer than most runs: prices, dates, sizes.
  if (run.length < 9) return run;
  const groups = digitGroups(run);
  const first = groups[0];
  if (!first) return run;
  const lead = run.slice(0, first.start);
  const unitAfterRun = UNIT_AFTER.test(after);
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < groups.length) {
    const last = longestPhoneFrom(groups, i, lead.includes('+'), unitAfterRun);
    if (last === undefined) {
      i += 1;
      continue;
    }
    const start = i === 0 ? leadStart(run, lead, groups[last]!.end) : groups[i]!.start;
    out += run.slice(copied, start) + MASK;
    copied = groups[last]!.end;
    i = last + 1;
  }
  return out + run.slice(copied);
}

/** The digit groups of a run, in order, those of a date marked. */
function digitGroups(run: string): DigitGroup[] {
  const groups: DigitGroup[] = [];
  for (const match of run.matchAll(/\d+/g)) {
    const start = match.index;
    groups.push({ start, end: start + match[0].length, digits: match[0], inDate: false });
  }
  // Dates and groups both come in order: one walk over the groups marks them all.
  let g = 0;
  for (const date of run.matchAll(DATE_IN_RUN)) {
    const end = date.index + date[0].length;
    while (g < groups.length && groups[g]!.start < date.index) g += 1;
    for (; g < groups.length && groups[g]!.end <= end; g += 1) groups[g]!.inDate = true;
  }
  return groups;
}

/** The last group of the longest phone number starting at group `from`, if there is one. */
function longestPhoneFrom(
  groups: DigitGroup[],
  from: number,
  plus: boolean,
  unitAfterRun: boolean,
): number | undefined {
  let best: number | undefined;
  let digits = '';
  const sizes: number[] = [];
  for (let j = from; j < groups.length; j += 1) {
    const group = groups[j]!;
    if (group.inDate) break;
    digits += group.digits;
    sizes.push(group.digits.length);
    if (digits.length > MAX_PHONE_DIGITS) break;
    // "350 000 000 Kč" reads like a Czech number but is a price.
    const priced = j === groups.length - 1 && unitAfterRun;
    if (!priced && isPhoneNumber(digits, plus && from === 0, sizes)) best = j;
  }
  return best;
}

/**
 * Whether digits written in groups of these sizes make a phone number as written in Slovakia,
 * Czechia or Ukraine. Prices, dates, years, postcodes and quantities have other lengths or starts.
 */
function isPhoneNumber(digits: string, plus: boolean, sizes: number[]): boolean {
  const n = digits.length;
  // +421 905 123 456, +420 777 123 456, +380 67 123 45 67 and any other country.
  if (plus) return n >= 8 && n <= 15;
  // 00421 905 123 456
  if (digits.startsWith('00')) return n >= 11 && digits[2] !== '0';
  // Groups after the first are all single digits ("0 9 1 2 …") or all longer ("0905 123 456"):
  // a list of small numbers mixed with larger ones is not a phone number.
  const rest = sizes.slice(1);
  if (rest.some((size) => size === 1) && rest.some((size) => size > 1)) return false;
  switch (n) {
    case 9: // CZ 777 123 456, or SK/UA without the leading 0
      return digits[0] !== '0' && digits[0] !== '1';
    case 10: // SK 0905 123 456, 02/123 456 78; UA 067 123 45 67
      return digits[0] === '0';
    case 11: // UA 8 050 123 45 67
      return digits.startsWith('80');
    case 12: // 421 905 123 456 without the "+"
      return /^(?:421|420|380)/.test(digits);
    default:
      return false;
  }
}

/**
 * Where a number that starts the run starts: with its "+", and with its "(" only when the
 * closing one is masked too ("(067) 123 45 67" goes whole, "(0905 123 456)" keeps its brackets).
 */
function leadStart(run: string, lead: string, end: number): number {
  if (!lead.includes('(') || run.slice(lead.length, end).includes(')')) return 0;
  const plus = lead.indexOf('+');
  return plus >= 0 ? plus : lead.length;
}

// ---------------------------------------------------------------------------------------------
// Handles named after a messenger

/**
 * Whether the word after a messenger's name is a handle. After a colon it is ("ig: jozo");
 * otherwise only when it looks like one: digits, "_" or an inner dot ("na whatsapp jozo123",
 * "insta jozo.obklady"), or Latin letters after a Cyrillic name ("телеграм ivanko"). So "cez
 * WhatsApp zajtra" stays a sentence. Numbers alone are for the phone pass.
 */
function isHandle(name: string, gap: string, handle: string): boolean {
  if (handle.length < 3 || !/\p{L}/u.test(handle) || MESSENGER_NAME.test(handle)) return false;
  if (/[:=]/.test(gap)) return true;
  if (/[\d_.@]/.test(handle)) return true;
  return /\p{Script=Cyrillic}/u.test(name) && /^[a-z]+$/i.test(handle);
}
