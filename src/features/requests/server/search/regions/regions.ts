import { fold, searchWords } from '../category-search';
import REGION_TOWNS from './region-towns.json';

/**
 * The regions of Slovakia (8 kraje) and Czechia (13 kraje and Prague), by ISO 3166-2 code, with
 * their names in the five languages. `region-towns.json` lists each region's towns: every
 * district seat (okresné / okresní město), and the towns of GeoNames with 1 000 people or more
 * whose name belongs to one region only (docs/requests.md "Regions").
 */
export const REGION_NAMES = {
  'SK-BL': ['Bratislavský kraj', 'Bratislava Region', 'Братиславский край', 'Братиславський край'],
  'SK-TA': ['Trnavský kraj', 'Trnava Region', 'Трнавский край', 'Трнавський край'],
  'SK-TC': [
    'Trenčiansky kraj',
    'Trenčínský kraj',
    'Trenčín Region',
    'Тренчинский край',
    'Тренчинський край',
  ],
  'SK-NI': [
    'Nitriansky kraj',
    'Nitranský kraj',
    'Nitra Region',
    'Нитранский край',
    'Нітранський край',
  ],
  'SK-ZI': ['Žilinský kraj', 'Žilina Region', 'Жилинский край', 'Жилінський край'],
  'SK-BC': [
    'Banskobystrický kraj',
    'Banská Bystrica Region',
    'Банскобистрицкий край',
    'Банськобистрицький край',
  ],
  'SK-PV': [
    'Prešovský kraj',
    'Prešov Region',
    'Прешовский край',
    'Пряшівський край',
    'Прешівський край',
  ],
  'SK-KI': ['Košický kraj', 'Košice Region', 'Кошицкий край', 'Кошицький край'],
  'CZ-10': [
    'Hlavné mesto Praha',
    'Hlavní město Praha',
    'Capital City of Prague',
    'Prague',
    'Прага',
  ],
  'CZ-20': [
    'Stredočeský kraj',
    'Středočeský kraj',
    'Central Bohemian Region',
    'Среднечешский край',
    'Середньочеський край',
  ],
  'CZ-31': [
    'Juhočeský kraj',
    'Jihočeský kraj',
    'South Bohemian Region',
    'Южночешский край',
    'Південночеський край',
  ],
  'CZ-32': [
    'Plzenský kraj',
    'Plzeňský kraj',
    'Plzeň Region',
    'Pilsen Region',
    'Пльзеньский край',
    'Пльзенський край',
  ],
  'CZ-41': ['Karlovarský kraj', 'Karlovy Vary Region', 'Карловарский край', 'Карловарський край'],
  'CZ-42': ['Ústecký kraj', 'Ústí nad Labem Region', 'Устецкий край', 'Устецький край'],
  'CZ-51': ['Liberecký kraj', 'Liberec Region', 'Либерецкий край', 'Ліберецький край'],
  'CZ-52': [
    'Královohradecký kraj',
    'Královéhradecký kraj',
    'Hradec Králové Region',
    'Краловеградецкий край',
    'Краловоградецький край',
  ],
  'CZ-53': ['Pardubický kraj', 'Pardubice Region', 'Пардубицкий край', 'Пардубицький край'],
  'CZ-63': [
    'Kraj Vysočina',
    'Vysočina',
    'Vysočina Region',
    'Край Высочина',
    'Высочина',
    'Край Височина',
    'Височина',
  ],
  'CZ-64': [
    'Juhomoravský kraj',
    'Jihomoravský kraj',
    'South Moravian Region',
    'Южноморавский край',
    'Південноморавський край',
  ],
  'CZ-71': ['Olomoucký kraj', 'Olomouc Region', 'Оломоуцкий край', 'Оломоуцький край'],
  'CZ-72': ['Zlínsky kraj', 'Zlínský kraj', 'Zlín Region', 'Злинский край', 'Злінський край'],
  'CZ-80': [
    'Moravskosliezsky kraj',
    'Moravskoslezský kraj',
    'Moravian-Silesian Region',
    'Моравскосилезский край',
    'Моравсько-Сілезький край',
  ],
} as const satisfies Record<keyof typeof REGION_TOWNS, readonly string[]>;

export type RegionCode = keyof typeof REGION_NAMES;

const REGION_CODES = Object.keys(REGION_NAMES) as RegionCode[];

/** Each name as its folded words, longest names first so "Kraj Vysočina" wins over "Vysočina". */
const NAMES: { code: RegionCode; words: string[] }[] = REGION_CODES.flatMap((code) =>
  REGION_NAMES[code].map((name) => ({ code, words: searchWords(fold(name)) })),
).sort((a, b) => b.words.length - a.words.length);

/**
 * Whether a typed word is a word of a region's name, allowing the endings of Slovak, Czech,
 * Russian and Ukrainian cases in names of two or more words ("v Košickom kraji", "в Кошицком
 * крае"); a one-word name ("Vysočina", "Прага") must be typed as it is.
 */
function sameWord(typed: string, name: string, inPhrase: boolean) {
  if (typed === name) return true;
  if (!inPhrase || name.length <= 3 || typed.length > name.length + 2) return false;
  return typed.startsWith(name.slice(0, Math.max(3, name.length - 2)));
}

/**
 * The regions that folded search words (`fold`) name, and the positions of the words that
 * named none: "obklad košický kraj" → SK-KI and [0].
 */
export function regionsIn(words: string[]): { regions: RegionCode[]; rest: number[] } {
  const regions: RegionCode[] = [];
  const rest: number[] = [];
  for (let i = 0; i < words.length;) {
    const named = NAMES.find(
      (name) =>
        i + name.words.length <= words.length &&
        name.words.every((word, j) => sameWord(words[i + j]!, word, name.words.length > 1)),
    );
    if (named) {
      if (!regions.includes(named.code)) regions.push(named.code);
      i += named.words.length;
    } else {
      rest.push(i);
      i += 1;
    }
  }
  return { regions, rest };
}

/** A town's or name's words as the lexemes of the request's location (weight C), in a row. */
const phrase = (words: string[]) => words.map((word) => `'${word}':C`).join(' <-> ');

const quoted = (word: string) => word.replace(/'/g, "''");

/** Each region's query, written once. */
const REGION_QUERIES = new Map<RegionCode, string>(
  REGION_CODES.map((code) => {
    // Names in Latin letters only: a location's Cyrillic letters are folded by PostgreSQL's
    // unaccent, which need not fold them as `fold` does ("й").
    const latin = REGION_NAMES[code].filter((name) => /^[\p{Script=Latin}\s-]+$/u.test(name));
    const names = [...REGION_TOWNS[code], ...latin].map((name) =>
      searchWords(fold(name)).map(quoted),
    );
    const distinct = [...new Map(names.map((words) => [words.join(' '), words])).values()];
    return [code, distinct.map((words) => `(${phrase(words)})`).join(' | ')];
  }),
);

/**
 * The full-text query (tsquery text) matching requests located in any of the regions: the
 * location names one of the region's towns, or the region itself ("Košický kraj"). Town words
 * are exact, not prefixes: "Nitra" must not take "Nitrianske Pravno".
 */
export function regionQuery(regions: RegionCode[]): string {
  return `(${regions.map((code) => REGION_QUERIES.get(code)!).join(' | ')})`;
}

/** Every lexeme a region's query may match, for estimating how common a region is. */
export function regionLexemes(regions: RegionCode[]): string[] {
  return regions.flatMap((code) =>
    REGION_TOWNS[code].flatMap((town) => searchWords(fold(town)).slice(0, 1)),
  );
}
