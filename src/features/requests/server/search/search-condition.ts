import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Category } from '../../../../shared/categories';
import {
  categoryWords,
  listedRequest,
  locationVector,
  wordsAndWeek,
  workRequests,
} from '../tables';
import { wordsAfter, type SearchQuery } from './search-query';
import { groupShare, type TermStats } from './term-stats';

/** Requests whose search text matches a full-text query (`work_requests_search_vector_idx`). */
export const fullText = (text: string) =>
  sql`${workRequests.searchVector} @@ to_tsquery('simple', ${text})`;

/**
 * Listed requests whose search text matches a full-text query, from the index of the listed
 * requests' words (`work_requests_listed_words_weeks_idx`, whose week lexemes no search word can
 * match): the closed requests and those of clients gone are not in it, where
 * `work_requests_search_vector_idx` holds every request and each match not listed was read from
 * the table only to be dropped (a fifth of a count's reads with 80 % of requests open; more where
 * fewer are). Only with `listedRequest` in the same condition.
 */
const listedFullText = (text: string) =>
  sql`${wordsAndWeek(workRequests)} @@ to_tsquery('simple', ${text})`;

/**
 * A location's query of weight C for the location's own vector, whose every word has weight C:
 * the same matches without the weight, which made PostgreSQL check every match again by
 * computing its location's vector (a town of 1 100 requests: 13 ms of its page's 14).
 */
export const unweighted = (text: string) => text.replace(/':\*C/g, "':*").replace(/':C/g, "'");

/**
 * Requests whose location matches a full-text query of weight C
 * (`work_requests_listed_location_vector_idx`): the same requests as `fullText` of that query,
 * since the location is the only part of `search_vector` of weight C.
 */
export const locatedIn = (text: string) =>
  sql`${locationVector(workRequests)} @@ to_tsquery('simple', ${unweighted(text)})`;

/** Listed (open, of an active client), optionally in one category. */
export const listedIn = (category: Category | undefined) =>
  and(listedRequest(workRequests), category ? eq(workRequests.category, category) : undefined)!;

/**
 * Listed requests of one category that have the words, from one index
 * (`work_requests_listed_category_words_idx`), given the words' query written after the category
 * (search-query.ts `wordsUnder`): a word's matches in the category alone, where the full-text and
 * category indexes together read its matches in every category and the category's every request
 * (a typo's none in a category of 33 000: 0.4 ms instead of 16; docs/performance.md). Cast, not
 * parsed: `to_tsquery` would cut `high_altitude_work/…` at its underscores.
 */
export const wordsInCategory = (wordsUnder: string) =>
  and(listedRequest(workRequests), sql`${categoryWords(workRequests)} @@ ${wordsUnder}::tsquery`)!;

/**
 * The location's condition. Read from the indexes (`byIndex`), the location's own index
 * (`locatedIn`); walked row by row, the stored `search_vector` (`fullText`), since the location's
 * vector would be computed again for every row passed.
 */
const locationOf = (location: string, byIndex: boolean) =>
  byIndex ? locatedIn(location) : fullText(location);

/**
 * The search words (if any) and the location (if any); one of them is always there. From the
 * indexes, the words and town words too common to be worth reading there (`common`, see
 * withCommonChecked) are checked on each match instead: `ts_match_vq` is `@@` that no index
 * answers.
 */
function wordsAndLocation(found: SearchQuery, byIndex: boolean) {
  const { words, location } = found;
  if (!byIndex) return fullText([words, location].filter(Boolean).join(' & '));
  const read = readParts(found);
  return and(
    read.words ? listedFullText(read.words) : undefined,
    read.location ? locatedIn(read.location) : undefined,
    checkedOnEach(read.checked),
  )!;
}

/**
 * The search's words and town words to read from the indexes, and those too common for it
 * (`common`) to check on each match instead (`checkedOnEach`); each as a full-text query.
 */
export function readParts(found: SearchQuery) {
  const read = (ofLocation: boolean) =>
    found.parts.filter(readFromIndex(found, ofLocation)).join(' & ');
  return {
    words: read(false),
    location: read(true),
    checked: found.parts.filter((_, i) => found.common?.[i]).join(' & '),
  };
}

/** Whether the search's group (or part) `i` is read from an index, as a word or a town word. */
const readFromIndex =
  ({ groups, common }: Pick<SearchQuery, 'groups' | 'common'>, ofLocation: boolean) =>
  (_: unknown, i: number) =>
    !common?.[i] && Boolean(groups[i]!.location) === ofLocation;

/**
 * The words `readParts` reads from an index, each written after "@/", where the week goes
 * (`recent_week_words`, migration 0042: a query of `week_words`).
 */
export const readWordsOfWeek = (found: Pick<SearchQuery, 'groups' | 'common'>) =>
  wordsAfter(found.groups.filter(readFromIndex(found, false)), '@/');

/** Requests whose search text matches `checked` (if any), checked on each: no index answers `ts_match_vq`. */
export const checkedOnEach = (checked: string) =>
  checked
    ? sql`ts_match_vq(${workRequests.searchVector}, to_tsquery('simple', ${checked}))`
    : undefined;

/**
 * A word or town word that may cover more than this share of the requests is checked on each
 * match rather than read from an index, when a rarer one of the same search is read from one:
 * reading every request of a town name's "nad" (Stráž nad Nisou) cost 11 of its page's 13.5 ms
 * (docs/performance.md).
 */
const COMMON_SHARE = 0.02;

/** The search with its too common words marked (`common`), the rarest always read from an index. */
export function withCommonChecked(found: SearchQuery, stats: TermStats): SearchQuery {
  if (found.groups.length < 2) return found;
  const shares = found.groups.map((group) => groupShare(group, stats));
  const common = shares.map((share) => share > COMMON_SHARE);
  if (common.every(Boolean)) common[shares.indexOf(Math.min(...shares))] = false;
  return common.some(Boolean) ? { ...found, common } : found;
}

/**
 * A category named by the words stands in for the words that named it, not for the others nor
 * for the location.
 */
export const namedBy = ({ categories, rest, location }: SearchQuery, byIndex = false) =>
  and(
    inArray(workRequests.category, categories),
    rest ? (byIndex ? listedFullText(rest) : fullText(rest)) : undefined,
    location ? locationOf(location, byIndex) : undefined,
  )!;

/**
 * What a search matches: every word, or a category the words name with the other words. The
 * same requests either way; `byIndex` when the statement is to read them from the indexes.
 */
export const matchedBy = (found: SearchQuery, byIndex = false) =>
  found.categories.length > 0
    ? or(wordsAndLocation(found, byIndex), namedBy(found, byIndex))!
    : wordsAndLocation(found, byIndex);

/** What the search matches that its named categories do not (`namedBy`). */
export const matchedBesidesNamed = (found: SearchQuery, byIndex = false) =>
  and(wordsAndLocation(found, byIndex), not(namedBy(found, byIndex)))!;

/** Listed requests in the category (if any) that the search (if any) matches. */
export const searchCondition = (
  found: SearchQuery | undefined,
  category: Category | undefined,
): SQL => (found ? and(listedIn(category), matchedBy(found))! : listedIn(category));
