/**
 * How places' names are compared wherever they are: the gazetteer's search and import on the
 * server, a request's place line on its page.
 */
const SPECIAL: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', ı: 'i' };

/** Lower case without accents, one space between words: "Košice - Juh" is "kosice - juh". */
export function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łđøßı]/g, (char) => SPECIAL[char]!)
    .replace(/[’ʼ`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether `text` starts with the word or words `name` (both as written, or both folded): "Brno -
 * Líšeň" and "Brno" do, "Brnová 12" does not.
 */
export function startsWithName(text: string, name: string) {
  if (!text.startsWith(name)) return false;
  const next = text.charAt(name.length);
  return next === '' || !/[\p{L}\p{M}\p{N}]/u.test(next);
}

/** The words a folded name is found by: the whole name, then each later word ("banska bystrica", "bystrica"). */
export const wordsOf = (folded: string) => [folded, ...folded.split(/[ -]/).slice(1)];

/** Whether `typed` (folded) starts `name` or a later word of it, as the gazetteer finds places. */
export const startsAWordOf = (name: string, typed: string) =>
  wordsOf(fold(name)).some((word) => word.startsWith(typed));
