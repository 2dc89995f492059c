/**
 * The patterns behind contact masking (contact-masking.ts). Pure: no I/O, usable in the browser.
 *
 * Every pattern keeps to one rule so that a long hostile message costs linear time: a match may
 * start only where a token starts (a lookbehind refuses the middle of a word), and every repeat
 * is bounded and stands between characters it cannot share with its neighbour, so a failed
 * attempt gives up after a few steps instead of trying every way to split the text.
 */

/** Letters (with combining marks) and digits of any script. */
const WORD = String.raw`\p{L}\p{M}\p{N}`;
/** A space within one line: a contact detail is not split over lines. */
const SP = String.raw`[^\S\r\n]`;
/** The characters of an e-mail address before its "@". */
const LOCAL_CHARS = `${WORD}_%+'’ʼ`;

/**
 * Top-level domains worth recognising without "http" or "www": the region's own, the common
 * generic ones, and those of the link shorteners (t.me, wa.me, bit.ly, goo.gl, youtu.be).
 */
const TLDS = [
  ...['sk', 'cz', 'ua', 'eu', 'pl', 'hu', 'at', 'de', 'ch', 'uk', 'us', 'it', 'fr', 'es', 'nl'],
  ...['ro', 'bg', 'hr', 'si', 'rs', 'lt', 'lv', 'ee', 'md', 'by', 'kz', 'ru', 'su', 'рф', 'укр'],
  ...['com', 'net', 'org', 'info', 'biz', 'io', 'co', 'me', 'ly', 'gl', 'be', 'tv', 'cc'],
  ...['app', 'dev', 'online', 'site', 'shop', 'store', 'pro', 'xyz', 'top', 'club', 'link'],
  ...['page', 'name', 'website'],
];
const TLD = `(?:${[...TLDS].sort((a, b) => b.length - a.length).join('|')})`;

/** "@" spelled out: en "at", sk/cs "zavináč", ru "собака", "эт", uk "собачка", "равлик", "ет". */
const AT_WORDS = `at|zavin[aá][cčć]\\p{L}{0,3}|собак[аиу]|собачк[аиу]|равлик|эт|ет`;
/** "." spelled out in sk, cs, ru and uk; English "dot" is kept apart (see DOMAIN_DOT). */
const LOCAL_DOT_WORDS = `bodk(?:a|u|ou)|te[cč]k(?:a|u|ou)|точк[аиу]|крапк[аиу]|тчк`;
const DOT_WORDS = `dot|${LOCAL_DOT_WORDS}`;

/** A word in brackets, as in "(at)", "[dot]", "{zavináč}", "( . )". */
const bracketed = (inner: string) =>
  `${SP}{0,3}[(\\[{<]${SP}{0,3}(?:${inner})${SP}{0,3}[)\\]}>]${SP}{0,3}`;
/** A word between spaces, as in " at ", " bodka ". */
const spaced = (inner: string) => `${SP}{1,3}(?:${inner})${SP}{1,3}`;

const AT = [bracketed(`${AT_WORDS}|@|a|et`), spaced(AT_WORDS), `${SP}{0,3}@${SP}{0,3}`].join('|');
const DOT = [
  bracketed(`${DOT_WORDS}|\\.`),
  spaced(DOT_WORDS),
  `${SP}{1,3}\\.${SP}{1,3}`,
  '\\.',
].join('|');
/**
 * A dot inside a domain written without the "@" around it. English " dot " is left out: "the dot
 * com era" is a sentence, "firma bodka sk" is an address.
 */
const DOMAIN_DOT = ['\\.', bracketed(`${DOT_WORDS}|\\.`), spaced(LOCAL_DOT_WORDS)].join('|');

const LOCAL = `[${LOCAL_CHARS}-]{1,64}`;
const LABEL = `[${WORD}-]{1,63}`;
/** A link's path, query or fragment; the punctuation that ends a sentence is given back later. */
const PATH = `(?:[/?#][^\\s<>"«»]*)?`;

/** http(s)/ftp links and anything starting with "www.". */
export const LINK = new RegExp(`(?<![${WORD}])(?:(?:https?|ftps?)://|www\\.)[^\\s<>"«»]+`, 'giu');

/**
 * An e-mail address with its "@" and dots written in any of the ways above, ending in a known
 * domain: "jan at firma dot cz", "ivan [at] gmail [dot] com", "ivan собака gmail точка com",
 * "jozo@firma.sk". The known domain at the end keeps "I'll be at the site" a sentence.
 */
export const SPELLED_EMAIL = new RegExp(
  `(?<![${LOCAL_CHARS}.@-])${LOCAL}(?:(?:${DOT})${LOCAL}){0,3}(?:${AT})` +
    `${LABEL}(?:(?:${DOT})${LABEL}){0,3}(?:${DOT})${TLD}(?![${WORD}-])`,
  'giu',
);

/** Any other plain e-mail address, also one without its domain's ending ("jozo@gmail"). */
export const EMAIL = new RegExp(
  `(?<![${LOCAL_CHARS}.@-])[${LOCAL_CHARS}.-]{1,64}@${LABEL}(?:\\.${LABEL}){0,5}`,
  'giu',
);

/** A bare domain with an optional path: "firma.sk", "fb.com/jozo", "t.me/jozo", "firma bodka sk". */
export const DOMAIN = new RegExp(
  `(?<![${LOCAL_CHARS}.@/-])(?:${LABEL}(?:${DOMAIN_DOT})){1,8}${TLD}(?![${WORD}-])${PATH}`,
  'giu',
);

/**
 * A run of digit groups joined by the separators people put in phone numbers: one or two spaces,
 * "-", "/", "." (a dot only when no space follows it: "15. 3. 2027" is a date) and brackets, with
 * a leading "+" or "(". Groups and separators share no character, so the run has one reading.
 * Which parts of a run are phone numbers is decided in code (contact-masking.ts).
 */
const NB = `[ \\u00A0\\u202F]`;
const PHONE_SEPARATOR = `${NB}?[-–—/]${NB}?|\\.|${NB}?\\)${NB}?|${NB}?\\(${NB}?|${NB}{1,2}`;
export const PHONE_RUN = new RegExp(
  `(?<![\\p{N}+])(?:\\+${NB}?|\\(${NB}?\\+?)?\\d+(?:(?:${PHONE_SEPARATOR})\\d+)*`,
  'gu',
);

/** Dates inside a run of digits: 2027-03-15, 15.03.2027, 15.03.27, 15/03/2027, 15-03-2027. */
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const MONTH = '(?:0?[1-9]|1[0-2])';
const YEAR = '(?:19|20)\\d\\d';
export const DATE_IN_RUN = new RegExp(
  `(?<!\\d)(?:${YEAR}-${MONTH}-${DAY}|${DAY}\\.${MONTH}\\.(?:${YEAR}|\\d\\d)|${DAY}([-/])${MONTH}\\1${YEAR})(?!\\d)`,
  'g',
);

/** A currency or unit right after a number: "350 000 000 Kč" is a price, not a Czech phone. */
export const UNIT_AFTER = new RegExp(
  `^${SP}{0,2}(?:€|eur|euro|kč|kc|czk|sk|грн|₴|uah|руб|₽|\\$|usd|%|m2|m²|m3|m³|mm|cm|km|m|ks|kg|l|t)(?![${WORD}])`,
  'iu',
);

/** A social handle: "@jozo_obklady", "@ivan.master". */
export const AT_HANDLE = new RegExp(
  `(?<![${LOCAL_CHARS}.@-])@[${WORD}_]{1,64}(?:\\.[${WORD}_]{1,64}){0,5}`,
  'giu',
);

/**
 * Messengers and social networks by the names people write, in sk, cs, en, ru and uk. A long
 * name may take a case ending ("na whatsappe", "во вайбере", "у телеграмі").
 */
const MESSENGER_STEMS = [
  ...[`wh?at'?s${SP}?[au]pp?`, 'viber', 'vibr', 'vajbe?r', 'telegramm?', 'signal'],
  ...['skyp', 'skajp', 'insta', 'instagram', 'facebook', 'fejsbuk', 'messenger'],
  ...['tiktok', 'discord', 'snapchat', 'wechat', 'linkedin'],
  ...['вайбер', 'вибер', 'в[ао](?:тс|ц)апп?', 'телег', 'телеграмм?', '[иі]нст', '[иі]нстаграмм?'],
  ...['скайп', 'фейсбук', 'месс?енджер', 'вконтакт', 'т[иі]кток', 'дискорд'],
];
const MESSENGER_SHORT = ['ig', 'fb', 'tg', 'wa', 'тг', 'фб', 'вк'];
const MESSENGER = `(?:${MESSENGER_STEMS.join('|')})\\p{L}{0,3}|${MESSENGER_SHORT.join('|')}`;
/** Words people put between the messenger and the handle: "insta je jozo.m", "телеграм ник ivan". */
const FILLERS = `je|is|mám|mam|nick|meno|jméno|id|ник|нік`;

/** Exactly a messenger's name: such a word after another name is not a handle. */
export const MESSENGER_NAME = new RegExp(`^(?:${MESSENGER})$`, 'iu');

/**
 * A messenger's name followed by what may be a handle: "insta: jozo.obklady", "skype: jozo.m",
 * "na whatsapp jozo123", "телеграм ivan_petrov". Groups: the name, the separator (a colon or
 * equals sign in it makes the handle explicit), the handle. Whether it is one is decided in code.
 */
export const MESSENGER_HANDLE = new RegExp(
  `(?<![${WORD}])(${MESSENGER})(?![${WORD}])` +
    `(${SP}{0,3}[:=]${SP}{0,3}|${SP}{0,3}[-–—]${SP}{0,3}|${SP}{1,3}(?:(?:${FILLERS})${SP}{1,3})?)` +
    `(@?[${WORD}_]{1,64}(?:\\.[${WORD}_]{1,64}){0,5})`,
  'giu',
);
