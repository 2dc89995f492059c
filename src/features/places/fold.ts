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
