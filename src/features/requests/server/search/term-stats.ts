import { sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import { rememberedPerDatabase } from '../../../../server/db/remembered';
import { CATEGORIES } from '../../../../shared/categories';
import { firstAtOrAfter } from '../../../../shared/sorted';

/**
 * How common search words are, from PostgreSQL's own statistics of the full-text column
 * (pg_stats.most_common_elems, refreshed by autovacuum's ANALYZE). Read at most once a minute.
 * A word missing from the list is rarer than every word on it.
 */
export interface TermStats {
  /** Share of requests containing each common word. */
  frequencies: Map<string, number>;
  /**
   * Share of listed requests whose location has each common location word (the statistics of
   * `work_requests_listed_location_vector_idx`); undefined before that index was first analysed,
   * when location words are estimated from `frequencies` as all words are.
   */
  locationFrequencies: Map<string, number> | undefined;
  /** Share of requests in each category (pg_stats of `category`). */
  categories: Map<string, number>;
  /** Estimated number of requests. */
  rows: number;
}

const REFRESH_MS = 60_000;

const frequenciesOf = (values: string[] | null | undefined, shares: number[] | null | undefined) =>
  new Map((values ?? []).map((value, i) => [value, shares?.[i] ?? 0]));

async function readStats(db: Db): Promise<TermStats> {
  type Row = { elems: string[] | null; freqs: number[] | null };
  const result = await db.execute<{
    words: Row | null;
    location: Row | null;
    categories: { vals: string[] | null; freqs: number[] | null } | null;
    rows: number;
  }>(sql`
    select (select json_build_object('elems', s.most_common_elems::text::text[], 'freqs', s.most_common_elem_freqs)
              from pg_stats s where s.schemaname = current_schema() and s.tablename = 'work_requests' and s.attname = 'search_vector') as words,
           (select json_build_object('elems', s.most_common_elems::text::text[], 'freqs', s.most_common_elem_freqs)
              from pg_stats s where s.schemaname = current_schema() and s.tablename = 'work_requests_listed_location_vector_idx') as location,
           (select json_build_object('vals', s.most_common_vals::text::text[], 'freqs', s.most_common_freqs)
              from pg_stats s where s.schemaname = current_schema() and s.tablename = 'work_requests' and s.attname = 'category') as categories,
           (select reltuples from pg_class where oid = 'work_requests'::regclass)::float8 as rows`);
  const row = result.rows[0];
  return {
    frequencies: frequenciesOf(row?.words?.elems, row?.words?.freqs),
    locationFrequencies: row?.location?.elems
      ? frequenciesOf(row.location.elems, row.location.freqs)
      : undefined,
    categories: frequenciesOf(row?.categories?.vals, row?.categories?.freqs),
    rows: Math.max(0, Number(row?.rows ?? 0)),
  };
}

/** The statistics of each database for a minute: tests hold many databases in one process. */
const remembered = rememberedPerDatabase<Promise<TermStats>>({ ms: REFRESH_MS, max: 1 });

export function termStats(db: Db): Promise<TermStats> {
  return remembered.recall(db, 'stats', () =>
    readStats(db).catch(() => ({
      frequencies: new Map(),
      locationFrequencies: undefined,
      categories: new Map(),
      rows: 0,
    })),
  );
}

/**
 * One search word: its own prefix, and the known words it may be a typo of; or a region (no
 * prefix), with the words of its towns. `location`: a word of the location filter or a region,
 * which only the location must have.
 */
export interface WordGroup {
  prefix: string | null;
  exact: string[];
  /**
   * Every known word the prefix starts, when they are few (search-query.ts): the prefix's
   * matches are theirs, read as exact words.
   */
  starting?: string[] | undefined;
  /**
   * The most listed requests one of its known words has (`listed_term_counts`): at least that
   * many have the word.
   */
  listed?: number | undefined;
  /**
   * The listed requests its known words have, summed (`listed_term_counts`), when every word it
   * may match is known: at most that many match it, an exact bound where PostgreSQL's statistics
   * know only the commonest words.
   */
  bound?: number | undefined;
  /** `listed` and `bound` in the search's category (its filter), when it has one. */
  listedHere?: number | undefined;
  boundHere?: number | undefined;
  location?: true;
}

/**
 * Expected share of requests matching every word: each word matches at most the requests of
 * the common words it covers, and all words must match, so the rarest word bounds the result.
 */
export function expectedShare(groups: WordGroup[], stats: TermStats): number {
  return groups.reduce((share, group) => Math.min(share, groupShare(group, stats)), 1);
}

/**
 * Share of requests one word or region may match at most: its known words' listed requests
 * (`bound`), else the common words it covers.
 */
export function groupShare(group: WordGroup, stats: TermStats): number {
  if (group.bound !== undefined) return stats.rows > 0 ? Math.min(1, group.bound / stats.rows) : 1;
  const frequencies = (group.location && stats.locationFrequencies) || stats.frequencies;
  const { prefix, exact } = group;
  let covered = 0;
  if (prefix !== null) {
    // The common words the prefix starts lie together in their sorted order.
    const { words, shares } = sortedOf(frequencies);
    for (let i = firstAtOrAfter(words, prefix); i < words.length; i++) {
      if (!words[i]!.startsWith(prefix)) break;
      covered += shares[i]!;
    }
  }
  exact.forEach((word, index) => {
    const counted = (prefix !== null && word.startsWith(prefix)) || exact.indexOf(word) !== index;
    if (!counted) covered += frequencies.get(word) ?? 0;
  });
  return covered;
}

/**
 * The common words in code-unit order with their shares, made once per reading of the
 * statistics: looking a search's prefixes through all of them, about a thousand, took the
 * server 2 % of its time a search (perf).
 */
const sortedWords = new WeakMap<Map<string, number>, { words: string[]; shares: number[] }>();
function sortedOf(frequencies: Map<string, number>) {
  let sorted = sortedWords.get(frequencies);
  if (!sorted) {
    const words = [...frequencies.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    sorted = { words, shares: words.map((word) => frequencies.get(word)!) };
    sortedWords.set(frequencies, sorted);
  }
  return sorted;
}

/**
 * Share of requests in a category, from PostgreSQL's statistics; a category missing from them is
 * rarer than those on it, and a category when there are no statistics counts as one of many.
 */
export function categoryShare(category: string, stats: TermStats): number {
  const known = stats.categories.get(category);
  if (known !== undefined) return known;
  if (stats.categories.size === 0) return 1 / CATEGORIES.length;
  return Math.min(...stats.categories.values());
}
