import cs from '../../../locales/cs/categories.json';
import en from '../../../locales/en/categories.json';
import ru from '../../../locales/ru/categories.json';
import sk from '../../../locales/sk/categories.json';
import uk from '../../../locales/uk/categories.json';
import { CATEGORIES, type Category } from '../../../shared/categories';

/** Lower case without accents: "Inštalatérske" → "instalaterske", "Електрика" stays Cyrillic. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Search words: letters and digits only, so nothing in them can act as query syntax. */
export const searchWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

const LABEL_WORDS: [Category, string[][]][] = CATEGORIES.map((code) => [
  code,
  [sk, en, uk, ru, cs].map((labels) => searchWords(fold(labels[code]))),
]);

/**
 * Categories whose label, in any of the five languages, has a word starting with each search
 * word of three or more letters: "elektro" finds electrical work, "сантех" finds plumbing.
 */
export function categoriesMatching(query: string): Category[] {
  const words = searchWords(fold(query)).filter((word) => word.length >= 3);
  if (words.length === 0) return [];
  return LABEL_WORDS.filter(([, labels]) =>
    labels.some((label) =>
      words.every((word) => label.some((labelWord) => labelWord.startsWith(word))),
    ),
  ).map(([code]) => code);
}
