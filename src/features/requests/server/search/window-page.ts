import { sql, type SQL } from 'drizzle-orm';
import type { Category } from '../../../../shared/categories';
import { newestFirst, readPage } from './page-reads';
import { workRequests } from '../tables';
import { listedIn } from './search-condition';

/**
 * A category's newest listed requests looked through first for a page of a search in that
 * category: this many at most, along the category's index.
 */
export const WINDOW_ROWS = 2_000;

/**
 * Below this many matches expected in the category the window is not looked through: about
 * 2 000 × 200 ÷ 33 000 (a category's share at a million) = 12 matches in it, far from a page.
 */
export const WINDOW_MIN_EXPECTED = 200;

/**
 * Where how many a search's words match in a category at most is not known, their estimate there
 * this many times over stands for it: words go with categories. A town's estimate stands as it
 * is: a town's requests are spread over the categories.
 */
const UNKNOWN_MARGIN = 4;

/**
 * How many a search may match in its category at most, for the windows below: `atMost` where it
 * is known (exact: search-query.ts `mostMatches`), else its estimate there (`expected`), words'
 * UNKNOWN_MARGIN times over.
 */
export const mostInCategory = (atMost: number | undefined, expected: number, words: boolean) =>
  atMost ?? expected * (words ? UNKNOWN_MARGIN : 1);

/**
 * Whether a category's `rows` newest listed requests may hold `reach` matches of a search: not
 * when even the most it may match there (`mostInCategory`), spread over the category's `listed`
 * requests as over its time, would leave fewer ("chotetov" in plumbing, at most 260 among 49 000:
 * the window read 2 000 requests for 16 matches, 13 ms, before the indexes found all 260 in 3;
 * Brno in cleaning, 1 003 among 33 000: the windows of the page and the count cost 60 ms, the
 * indexes 10).
 */
export const windowMayHold = (
  most: number,
  { listed, rows, reach }: { listed: number; rows: number; reach: number },
) => (most * rows) / Math.max(listed, 1) >= reach;

/**
 * The page of a search in one category among the category's WINDOW_ROWS newest listed requests.
 * Words go with categories: a roofing word is in most roofing requests and in none of
 * plumbing, which no statistics of PostgreSQL tell. So the estimate of how many matches a
 * category holds may be off either way — a word expected rare in the category filled a page
 * within its first 120 requests (the indexes read 16 000 matches, 54 ms), a word expected common
 * was in none of them (the walk passed all 33 000, 94 ms). The window answers the first at once;
 * when it holds fewer matches than the page needs, the page is read from the indexes instead,
 * never by a longer walk. The window's matches are the category's newest matches, so a page
 * found in it is the page.
 */
export function windowPage(category: Category, condition: SQL, limit: number, offset: number) {
  return readPage(condition, limit, offset, newestOf(category, WINDOW_ROWS));
}

/**
 * The category's `rows` newest listed requests, as a table named as the requests' own; `rows`
 * written into the text, so that a plan made once for any values (readGeneric) knows how far
 * the walk goes.
 */
const newestOf = (category: Category, rows: number) =>
  sql`(select * from ${workRequests} where ${listedIn(category)}
    order by ${newestFirst} limit ${sql.raw(String(Math.trunc(rows)))}) as ${workRequests}`;

/** The category's newest requests a count looks through first (see windowCount). */
export const COUNT_WINDOW_ROWS = 5_000;

/**
 * The matches among the category's COUNT_WINDOW_ROWS newest listed requests, counted up to
 * `upTo`: when they reach it, the total is "more than" without reading the indexes; otherwise the
 * count is read from the indexes (windowPage tells why the estimate cannot choose).
 */
export function windowCount(category: Category, condition: SQL, upTo: number) {
  return sql`select count(*)::int as n from (select 1 from ${newestOf(category, COUNT_WINDOW_ROWS)}
    where ${condition} limit ${upTo}) as matches`;
}

/**
 * The matches past the category's COUNT_WINDOW_ROWS newest listed requests, newest first, counted
 * up to `upTo`: the count goes on where windowCount stopped without reading the window's requests
 * again. Where the window ends is read from the category's index alone (an index-only scan of
 * its keys, about 2 ms at a million requests, where reading the window's rows again took 8); a
 * category with fewer listed requests has no such end, and nothing past it.
 */
export function countPastWindow(category: Category, condition: SQL, upTo: number) {
  const windowEnd = sql`(select ${workRequests.createdAt}, ${workRequests.id} from ${workRequests}
    where ${listedIn(category)} order by ${newestFirst} offset ${COUNT_WINDOW_ROWS - 1} limit 1)`;
  return sql`select count(*)::int as n from (select 1 from ${workRequests}
    where ${listedIn(category)} and (${workRequests.createdAt}, ${workRequests.id}) < ${windowEnd}
      and ${condition} order by ${newestFirst} limit ${upTo}) as matches`;
}
