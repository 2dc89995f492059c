import { and, sql, type SQL } from 'drizzle-orm';
import { readPage } from './page-reads';
import { sqlText } from '../../../../server/db/direct';
import { listedRequest, locationAndWeek, weekWords, workRequests } from '../tables';
import { BY_INDEX, plannedText } from './planned';
import {
  checkedOnEach,
  locatedIn,
  readParts,
  readWordsOfWeek,
  unweighted,
} from './search-condition';
import type { SearchQuery } from './search-query';

/**
 * From this many expected matches of the words the last weeks are looked through first: with a
 * year of requests listed, the weeks holding twice a page of 100 are 11, a fifth of the reads.
 * Fewer are read from every match, which the count needs (up to 1 001) and the page then counts
 * as it reads them (page-reads.ts `countedPage`).
 */
const RECENT_MIN_EXPECTED = 2_000;

/**
 * The same when the count is known without reading the matches (more listed requests have the
 * word than are counted, or the search had more a minute ago): only the page is read, and the
 * weeks holding two pages of a word of 1 380 matches ("kutna") read 177 requests, 2.3 ms,
 * where every match took 8.5 ms (docs/performance.md).
 */
const RECENT_MIN_EXPECTED_COUNTED = 1_000;

/** The fewest weeks looked through. */
const RECENT_MIN_WEEKS = 2;

/** The weeks looked through are expected to hold this many times the matches the page needs. */
const RECENT_MARGIN = 2;

/**
 * The same when the town is what is read: a town's estimate is its rarest word's, so a name of
 * several words has fewer requests than expected ("Nová Ves", expected 6 390, had 3 092).
 */
const RECENT_MARGIN_TOWN = 4;

/**
 * Up to this many expected matches (5 % of a million requests) the last weeks are looked through
 * first; more common words walk the requests newest first and stop at a full page, passing 20 or
 * fewer requests for each match. Less common ones walked that way took 22 ms a page in the
 * never-repeating mix, where the weeks' index reads a few hundred (docs/performance.md).
 */
const RECENT_MAX_EXPECTED = 50_000;

/** Pages reaching this far at most are looked for in the last weeks. */
const RECENT_MAX_ROWS = 100;

/**
 * Whether a search's page is looked for among the last weeks' requests first (`counted`: its
 * count is known without reading its matches): words or a town without a category (the
 * category's own newest requests are looked through in window-page.ts), expected common enough
 * for a page to be there and not so common that a walk newest first finds it at once.
 */
export const recentFirst = (
  found: Pick<SearchQuery, 'words' | 'location' | 'categories'>,
  { expected, reach, counted }: { expected: number; reach: number; counted: boolean },
) =>
  (found.words !== '' || found.location !== '') &&
  found.categories.length === 0 &&
  expected >= (counted ? RECENT_MIN_EXPECTED_COUNTED : RECENT_MIN_EXPECTED) &&
  expected < RECENT_MAX_EXPECTED &&
  reach <= RECENT_MAX_ROWS;

/**
 * The weeks to look in, kept for the transaction (`set_config(…, true)`) by a statement of its
 * own before the page's: up to the newest listed request's week, as many as should hold `margin`
 * times the matches the page needs (`reach`) if the `expected` matches were spread evenly from
 * the oldest listed request to the newest. PostgreSQL runs it under the default settings, so the
 * two ends are one look each at `work_requests_listed_created_idx`; inside the page's statement,
 * under its settings for reading the indexes (no index scans), they read every listed request
 * (500 ms). Kept as `majstri.recent`: the words written after each week (`recent_week_words`)
 * when words are read, else the weeks themselves (`recent_weeks`), for the town's index.
 */
const rememberWeeks = (
  reach: number,
  expected: number,
  margin: number,
  asked: (newest: SQL, weeks: SQL) => SQL,
) => {
  const weeks = sql`greatest(${RECENT_MIN_WEEKS}, ceil(${(margin * reach) / expected}
        * greatest(1, extract(epoch from span.newest - span.oldest) / 604800)))::int`;
  return sql`select set_config('majstri.recent', coalesce(${asked(sql`span.newest`, weeks)}::text, ''), true)
    from (select max(${workRequests.createdAt}) as newest, min(${workRequests.createdAt}) as oldest
      from ${workRequests} where ${listedRequest(workRequests)}) as span`.inlineParams();
};

/**
 * A page of the search's matches among the listed requests of the last weeks (rememberWeeks), up
 * to the newest listed request's week: the words read from the index of each word written after
 * its week (`work_requests_listed_week_words_idx`), or, when the search reads no word from an
 * index, its town from one of the town's words and the week
 * (`work_requests_listed_location_weeks_idx`); what is too common to read (search-condition.ts
 * `readParts`) checked on each. A word of 6 000 matches at a million requests reads about 200
 * requests instead of all of them (docs/performance.md). Every request of those weeks is newer
 * than every request before them, so a full page found there is the page; one that is not full
 * says nothing, and the page is read from every match instead. The statements' text, to run as
 * one message (`readLastOf`).
 */
export function recentPageText(
  found: SearchQuery,
  { limit, offset, expected }: { limit: number; offset: number; expected: number },
) {
  const recent = sql`nullif(current_setting('majstri.recent'), '')::tsquery`;
  const read = readParts(found);
  const matched = read.words
    ? and(
        sql`${weekWords(workRequests)} @@ ${recent}`,
        read.location ? locatedIn(read.location) : undefined,
        checkedOnEach(read.checked),
      )
    : and(
        sql`${locationAndWeek(workRequests)} @@ (to_tsquery('simple', ${unweighted(read.location)}) && ${recent})`,
        checkedOnEach(read.checked),
      );
  const page = readPage(and(listedRequest(workRequests), matched)!, limit, offset);
  const weeks = read.words
    ? rememberWeeks(
        offset + limit,
        expected,
        RECENT_MARGIN,
        (newest, count) => sql`recent_week_words(${readWordsOfWeek(found)}, ${newest}, ${count})`,
      )
    : rememberWeeks(
        offset + limit,
        expected,
        RECENT_MARGIN_TOWN,
        (newest, count) => sql`recent_weeks(${newest}, ${count})`,
      );
  return `${sqlText(weeks)}; ${plannedText(BY_INDEX, page)}`;
}
