import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import { cardRow } from '../cards';
import { sqlText } from '../../../../server/db/direct';
import { listedRequest, wordsAndWeek, workRequests } from '../tables';
import { BY_INDEX, plannedText } from './planned';
import { locatedIn } from './search-condition';
import type { SearchQuery } from './search-query';

/** The weeks up to the newest listed request's in which a common word's page is looked for first. */
const RECENT_WEEKS = 2;

/**
 * From this many expected matches of the words the last weeks are looked through first: about
 * 2 000 × 2 ÷ 52 = 77 of them there when a year of requests is listed, several pages.
 */
const RECENT_MIN_EXPECTED = 2_000;

/** Pages reaching this far at most are looked for in the last weeks. */
const RECENT_MAX_ROWS = 100;

/**
 * Whether a search's page is looked for among the last weeks' requests first: words without a
 * category (the category's own newest requests are looked through in window-page.ts), expected
 * common enough for a page to be there, and read from the indexes (a more common word walks the
 * requests newest first and stops at a full page).
 */
export const recentFirst = (
  found: Pick<SearchQuery, 'words' | 'categories'>,
  { expected, byIndex, reach }: { expected: number; byIndex: boolean; reach: number },
) =>
  found.words !== '' &&
  found.categories.length === 0 &&
  byIndex &&
  expected >= RECENT_MIN_EXPECTED &&
  reach <= RECENT_MAX_ROWS;

/**
 * The weeks to look in, kept for the transaction (`set_config(…, true)`) by a statement of its
 * own before the page's: PostgreSQL runs it under the default settings, so the newest listed
 * request is one look at the first entry of `work_requests_listed_created_idx`, where inside the
 * page's statement it ran under the page's settings for reading the indexes (no index scans) and
 * read every listed request (500 ms).
 */
const rememberWeeks = sql`select set_config('majstri.recent_weeks', coalesce(recent_weeks(
  (select max(newest.created_at) from ${workRequests} as newest
    where newest.status = 'OPEN' and newest.client_active), ${sql.raw(String(RECENT_WEEKS))})::text, ''), true)`;

/**
 * A page of the search's matches among the listed requests of the last RECENT_WEEKS weeks, up to
 * the newest listed request's week, from one index (`work_requests_listed_words_weeks_idx`): a
 * word of 6 000 matches at a million requests reads about 200 requests instead of all of them
 * (docs/performance.md). Every request of those weeks is newer than every request before them,
 * so a full page found there is the page; one that is not full says nothing, and the page is read
 * from every match instead. The statements' text, to run as one message (`readLastOf`).
 */
export function recentPageText(db: Db, found: SearchQuery, limit: number, offset: number) {
  const page = db
    .select(cardRow)
    .from(workRequests)
    .where(
      and(
        listedRequest(workRequests),
        sql`${wordsAndWeek(workRequests)} @@ (to_tsquery('simple', ${found.words}) && nullif(current_setting('majstri.recent_weeks'), '')::tsquery)`,
        found.location ? locatedIn(found.location) : undefined,
      ),
    )
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(limit)
    .offset(offset);
  return `${sqlText(rememberWeeks)}; ${plannedText(BY_INDEX, page)}`;
}
