import cs from '../../../../locales/cs/categories.json';
import en from '../../../../locales/en/categories.json';
import ru from '../../../../locales/ru/categories.json';
import sk from '../../../../locales/sk/categories.json';
import uk from '../../../../locales/uk/categories.json';
import { CATEGORIES, type Category } from '../../../../shared/categories';
import { LANGUAGES } from '../../../../shared/languages';
import { TRADE_NAMES } from './trade-names';

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
 * The words are folded (`fold`).
 */
export function categoriesLabelled(words: string[]): Category[] {
  const long = words.filter((word) => word.length >= 3);
  if (long.length === 0) return [];
  return LABEL_WORDS.filter(([, labels]) =>
    labels.some((label) =>
      long.every((word) => label.some((labelWord) => labelWord.startsWith(word))),
    ),
  ).map(([code]) => code);
}

/** Every trade name (trade-names.ts) as its folded words, with its category. */
const TRADES: { category: Category; words: string[] }[] = CATEGORIES.flatMap((category) =>
  LANGUAGES.flatMap((language) =>
    TRADE_NAMES[category][language].map((name) => ({ category, words: searchWords(fold(name)) })),
  ),
).sort((a, b) => b.words.length - a.words.length);

/**
 * Whether a typed word names a trade's word: the word itself, its start of four letters or more
 * ("elektrik" for "elektrikár"), or the word with a case ending ("elektrikára", "сантехника"):
 * up to three letters more, and in words over six letters the last letter may change
 * ("upratovačky"); a shorter word keeps all its letters, so "malina" is not "malíř".
 */
function tradeWord(typed: string, name: string) {
  if (typed === name) return true;
  if (name.startsWith(typed)) return typed.length >= Math.min(4, name.length);
  const stem = name.length > 6 ? name.slice(0, -1) : name;
  return typed.length <= name.length + 3 && typed.startsWith(stem);
}

/**
 * Categories whose trade a search names ("elektrikár", "plumber", "мастер на все руки"), and the
 * positions of the words that named none. The words are folded (`fold`).
 */
export function tradesIn(words: string[]): { categories: Category[]; rest: number[] } {
  const categories = new Set<Category>();
  const rest: number[] = [];
  for (let i = 0; i < words.length;) {
    const named = TRADES.filter(
      (trade) =>
        i + trade.words.length <= words.length &&
        trade.words.every((word, j) => tradeWord(words[i + j]!, word)),
    );
    if (named.length > 0) {
      // The longest names that match, and every category they belong to ("obkladač" is tiling
      // in Slovak and Czech alike).
      const length = named[0]!.words.length;
      for (const trade of named) if (trade.words.length === length) categories.add(trade.category);
      i += length;
    } else {
      rest.push(i);
      i += 1;
    }
  }
  return { categories: [...categories], rest };
}
