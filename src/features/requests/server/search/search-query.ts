import { sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import { directSql, readGeneric, type DirectStatement } from '../../../../server/db/direct';
import { rememberedPerDatabase } from '../../../../server/db/remembered';
import { sharedWhileRunning } from '../../../../server/db/running';
import type { Category } from '../../../../shared/categories';
import { categoriesLabelled, fold, searchWords, tradesIn } from './category-search';
import { regionLexemes, regionQuery, regionsIn, type RegionCode } from './regions/regions';
import type { WordGroup } from './term-stats';

/** Known words most like each searched word, at most this many per word. */
const TYPO_CANDIDATES = 4;

/**
 * Known words one slip away (a wrong letter, two letters swapped) taken at most, besides the
 * similar ones. Not limited in SQL: a limit there makes PostgreSQL walk every known word in
 * order instead of asking the trigram index once per letter.
 */
const SLIP_CANDIDATES = 8;

/** Words this long or longer have slips looked for (shorter ones have too many neighbours). */
const SLIP_MIN_LENGTH = 5;

/**
 * A word starting at most this many known words stands for them (`WordGroup.starting`); one
 * starting more stays a prefix.
 */
const STARTING_MAX = 32;

/** Known words are those of this many letters or more (`search_terms`, migration 0036). */
const STARTING_MIN_LENGTH = 3;

/** What a search asks of a request, as full-text queries (tsquery text, `to_tsquery('simple', …)`). */
export interface SearchQuery {
  /** Every search word: what a request's text must match besides the location; '' without words. */
  words: string;
  /**
   * The location words and regions (weight C), '' without them: what the request's location
   * must match (search-condition.ts `locatedIn`).
   */
  location: string;
  /** Categories the words name, by their label or a trade name. */
  categories: Category[];
  /** The words that named no trade, for the named categories' requests; '' when none. */
  rest: string;
  /** Each word, location word and region with what it covers, for estimating how common. */
  groups: WordGroup[];
  /** Each group's own query, in the order of `groups` (`words` and `location` join them). */
  parts: string[];
  /**
   * Which groups are too common to read from an index (search-condition.ts
   * `withCommonChecked`), in the order of `groups`; none when absent.
   */
  common?: boolean[];
  /** The groups of `rest` and the location, for estimating the named categories' matches. */
  restGroups: WordGroup[];
}

/**
 * Listed requests a search surely matches: a one-word search, every listed request with one of
 * the word's known words (`WordGroup.listed`), whatever categories the word also names; else
 * none known. Before a category filter or a place, which it does not count in.
 */
export const leastMatches = ({ groups }: Pick<SearchQuery, 'groups'>, inCategory = false) =>
  groups.length === 1 && !groups[0]!.location
    ? ((inCategory ? groups[0]!.listedHere : groups[0]!.listed) ?? 0)
    : 0;

/**
 * Listed requests a search matches at most: the fewest its words may match (`WordGroup.bound`),
 * when every word's known words are all known; else not known.
 */
export function mostMatches(
  { groups }: Pick<SearchQuery, 'groups'>,
  inCategory = false,
): number | undefined {
  const bounds = groups
    .filter((group) => !group.location)
    .map((group) => (inCategory ? group.boundHere : group.bound));
  if (bounds.length === 0 || bounds.some((bound) => bound === undefined)) return undefined;
  return Math.min(...(bounds as number[]));
}

export const quoteLexeme = (lexeme: string) =>
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A searched word as a full-text query: its start, or one of the known words like it; each
 * written after `under` when given (a category and a slash, as `category_words` writes a
 * request's words). Its start is the known words it starts when they are few (`starting`):
 * a prefix makes the full-text index collect every match of every word with that start before
 * anything else (16 487 for "drevena", 7–9 ms), where exact words are read only as far as the
 * rest of the query needs (the last weeks' 494: 1.5 ms).
 */
const groupQuery = ({ prefix, exact, starting }: WordGroup, under = '') => {
  const words = [...new Set([...(starting ?? []), ...exact])].map((word) =>
    quoteLexeme(under + word),
  );
  if (!starting) words.unshift(`${quoteLexeme(under + prefix!)}:*`);
  return `(${words.join(' | ')})`;
};

/**
 * The search words as a query of `category_words` in one category: every word, each written
 * after the category (search-condition.ts `wordsInCategory`).
 */
export const wordsUnder = (found: Pick<SearchQuery, 'groups'>, category: Category) =>
  wordsAfter(
    found.groups.filter((group) => !group.location),
    `${category}/`,
  );

/** Every group's query, each of its words written after `under`, all of them to match. */
export const wordsAfter = (groups: WordGroup[], under: string) =>
  groups.map((group) => groupQuery(group, under)).join(' & ');

/**
 * The full-text query for a search, or none when it has nothing to search by. Every word must
 * match, either as the start of a word of the request ("strech" finds "strechy") or as one of the
 * known words like it, which is how a typo still finds its request ("strachy" finds "strechy",
 * "obkald" finds "obklad"). Accents are ignored. Location words must start a word of the
 * request's location; a region, named in the words or the location, matches its towns.
 */
export async function searchQuery(
  db: Db,
  q: string | undefined,
  location: string | undefined,
  category?: Category,
): Promise<SearchQuery | undefined> {
  const typed = q ? searchWords(q) : [];
  const typedLocation = location ? searchWords(location) : [];
  const inWords = regionsIn(typed.map(fold));
  const inLocation = regionsIn(typedLocation.map(fold));
  const words = inWords.rest.map((i) => typed[i]!);
  const locationWords = inLocation.rest.map((i) => typedLocation[i]!);
  const regions = [...new Set([...inWords.regions, ...inLocation.regions])].sort();
  if (words.length + locationWords.length + regions.length === 0) return undefined;

  const key = JSON.stringify([words, locationWords, regions, category ?? null]);
  const known = searchQueries.get(db, key);
  if (known) return known;
  return searchQueriesRunning(db, key, async () => {
    const query = await readSearchQuery(db, { words, locationWords, regions, category });
    // A word standing for the known words it starts would miss a new one posted meanwhile.
    if (!query.groups.some((group) => group.starting)) searchQueries.set(db, key, query);
    return query;
  });
}

/**
 * A search's query is remembered for a minute: the known words a typo may stand for change only
 * as new words are posted, and a search repeated within the minute (the next page, the same
 * words from someone else) is spared a round trip. Not when a word stands for the known words it
 * starts: a request posted meanwhile with a new one must be found.
 */
const searchQueries = rememberedPerDatabase<SearchQuery>({ ms: 60_000, max: 2_000 });
const searchQueriesRunning = sharedWhileRunning<SearchQuery>();

/**
 * Known words like each search word (`search_terms`): the most similar by trigrams, and, in words
 * of SLIP_MIN_LENGTH letters or more, those one wrong letter or one swap of neighbours away,
 * which trigrams rank too low ("obkald" shares three of eleven with "obklad"). Slips are read as
 * one `like` pattern per letter (the trigram index) and one exact word per swap (the primary key).
 * The swaps are asked as `term = any(array[…])`: joined to `generate_series`, whose length
 * PostgreSQL cannot know, they were a hash join reading every known word (2.9 ms of a search's
 * 4.3 ms for 2 673 words at a million requests; every search, and more with more words).
 * With them, for the search words, the known words each starts (a range of the prefix index),
 * one more than STARTING_MAX to tell when there are too many; and from the listed requests each
 * of the word's known words has (`listed_term_counts`), the most (which the word surely matches)
 * and, when every word it starts is known, the sum (which it matches at most).
 */
async function readCandidates(
  db: Db,
  words: string[],
  locationWords: string[],
  category: Category | undefined,
) {
  const all = [...words, ...locationWords];
  const values = Object.fromEntries(all.map((word, index) => [`w${index}`, word]));
  const rows = await readGeneric(db, candidatesStatement(all.length), {
    ...values,
    wordCount: words.length,
    category: category ?? null,
  });
  // A location word has no numbers: its known words' listed requests count those that have the
  // word anywhere, far more than in their location.
  return rows.map(({ folded, candidates, starting, listed, bound, listedHere, boundHere }) => ({
    prefix: folded,
    exact: candidates.slice(0, TYPO_CANDIDATES + SLIP_CANDIDATES),
    listed: listed ?? undefined,
    bound: bound ?? undefined,
    listedHere: listedHere ?? undefined,
    boundHere: boundHere ?? undefined,
    // None known: no request has one, and the prefix finds none at once.
    starting: starting?.length && starting.length <= STARTING_MAX ? starting : undefined,
  }));
}

type CandidatesRow = {
  folded: string;
  candidates: string[];
  starting: string[] | null;
  listed: number | null;
  bound: number | null;
  listedHere: number | null;
  boundHere: number | null;
};

/**
 * The statement of readCandidates for so many words, written once, prepared on each connection and
 * run under one plan (readGeneric): its plan cannot depend on the words (each is read per row of
 * `unnest`), and PostgreSQL's planning it for every search (0.4–1 ms, more than it runs), which it
 * still did when the statement was prepared through the protocol, is spared.
 */
const candidateStatements = new Map<number, DirectStatement<CandidatesRow> & { name: string }>();
const candidatesStatement = (count: number) => {
  let statement = candidateStatements.get(count);
  if (!statement) {
    const words = Array.from({ length: count }, (_, index) => sql`${sql.placeholder(`w${index}`)}`);
    const wordCount = sql`${sql.placeholder('wordCount')}::int`;
    const category = sql`${sql.placeholder('category')}::text`;
    statement = {
      ...directSql<CandidatesRow>(sql`
    select x.folded, x.candidates, x.starting,
      (select max(c.listed) from listed_term_counts c where c.term = any(x.known)) as listed,
      case when x.position <= ${wordCount} and cardinality(x.starting) <= ${sql.raw(String(STARTING_MAX))} then
        (select coalesce(sum(c.listed), 0)::int from listed_term_counts c
          where c.term = any(x.known)) end as bound,
      (select max(c.listed) from listed_term_counts c where c.term = any(x.here)) as "listedHere",
      case when x.position <= ${wordCount} and ${category} is not null and cardinality(x.starting) <= ${sql.raw(String(STARTING_MAX))} then
        (select coalesce(sum(c.listed), 0)::int from listed_term_counts c
          where c.term = any(x.here)) end as "boundHere"
    from (select y.*, case when ${category} is not null then
        array(select ${category} || '/' || k from unnest(y.known) as k) end as here
      from (select z.*, case when z.position <= ${wordCount} then
          z.candidates[1:${sql.raw(String(TYPO_CANDIDATES + SLIP_CANDIDATES))}]
            || coalesce(z.starting, '{}') end as known
    from (select u.position, f.w as folded,
      array(
        -- Distinct over "union all", not "union": the union's hash table was sized for thousands
        -- of words (793 kB made and freed on every run, 0.4 ms of its 0.6), this one for a few.
        select distinct c.term from (
          (select t.term from search_terms t
            where u.position <= ${wordCount} and char_length(f.w) >= 4 and t.term % f.w
            order by similarity(t.term, f.w) desc, t.term
            limit ${sql.raw(String(TYPO_CANDIDATES))})
          union all
          (select t.term from generate_series(1, char_length(f.w)) as i(n)
            join search_terms t on t.term like overlay(f.w placing '_' from i.n for 1)
            where u.position <= ${wordCount}
              and char_length(f.w) >= ${sql.raw(String(SLIP_MIN_LENGTH))}
              and t.term <> f.w)
          union all
          (select t.term from search_terms t
            where t.term = any(array(
                select overlay(f.w placing substr(f.w, i.n + 1, 1) || substr(f.w, i.n, 1) from i.n for 2)
                from generate_series(1, char_length(f.w) - 1) as i(n)))
              and u.position <= ${wordCount}
              and char_length(f.w) >= ${sql.raw(String(SLIP_MIN_LENGTH))}
              and t.term <> f.w)
        ) c
        order by c.term
      ) as candidates,
      case when char_length(f.w) >= ${sql.raw(String(STARTING_MIN_LENGTH))} then array(
        select s.term from (select t.term from search_terms t
          where t.term ~>=~ f.w and t.term ~<~ (f.w || chr(1114111)) and starts_with(t.term, f.w)
          limit ${sql.raw(String(STARTING_MAX + 1))}) s
        order by s.term
      ) end as starting
    from unnest(array[${sql.join(words, sql`, `)}]::text[]) with ordinality as u(word, position)
    cross join lateral (select f_unaccent(u.word) as w) f
    -- Kept whole (not merged into the selects above), which would find the known words again.
    offset 0) as z offset 0) as y) as x
    order by x.position`),
      name: `search_candidates_${count}`,
    };
    candidateStatements.set(count, statement);
  }
  return statement;
};

async function readSearchQuery(
  db: Db,
  {
    words,
    locationWords,
    regions,
    category,
  }: {
    words: string[];
    locationWords: string[];
    regions: RegionCode[];
    category: Category | undefined;
  },
): Promise<SearchQuery> {
  const groups: WordGroup[] =
    words.length + locationWords.length > 0
      ? await readCandidates(db, words, locationWords, category)
      : [];
  const wordGroups = groups.slice(0, words.length);
  const locationGroups = groups.slice(words.length);
  const wordParts = wordGroups.map((group) => groupQuery(group));
  // Location words must start a word of the location (weight C), with no typo candidates: the
  // known words each starts, where they are few (as for the words), else its start.
  const locationParts = locationGroups.map(({ prefix, starting }) =>
    starting
      ? `(${starting.map((word) => `${quoteLexeme(word)}:C`).join(' | ')})`
      : `${quoteLexeme(prefix!)}:*C`,
  );
  locationGroups.forEach((group) => (group.location = true));
  if (regions.length > 0) {
    locationParts.push(regionQuery(regions));
    locationGroups.push({ prefix: null, exact: regionLexemes(regions), location: true });
  }
  const location = locationParts.join(' & ');

  // A trade names its categories in place of its own words ("elektrikár v Michalovciach":
  // electrical work that mentions Michalovce); a label only when every word is in it.
  const folded = words.map(fold);
  const trades = tradesIn(folded);
  const categories = trades.categories.length > 0 ? trades.categories : categoriesLabelled(folded);
  const restIndexes = trades.categories.length > 0 ? trades.rest : [];
  return {
    words: wordParts.join(' & '),
    location,
    categories,
    rest: restIndexes.map((i) => wordParts[i]!).join(' & '),
    groups: [...wordGroups, ...locationGroups],
    parts: [...wordParts, ...locationParts],
    restGroups: [...restIndexes.map((i) => wordGroups[i]!), ...locationGroups],
  };
}
