import { and, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import { pageTellsTotal } from '../../../../server/paging';
import type { Category } from '../../../../shared/categories';
import { leastMatches, mostMatches, searchQuery, wordsUnder } from './search-query';
import { categoryShare, expectedShare, termStats } from './term-stats';
import { rememberedPerDatabase } from '../../../../server/db/remembered';
import { sharedWhileRunning } from '../../../../server/db/running';
import { knownMany } from './known-many';
import { browse } from './browse';
import { EXACT_COUNT_LIMIT, totalOf } from './counted';
import { directSql, readGeneric, readLastOf } from '../../../../server/db/direct';
import { BY_INDEX, IN_TABLE_ORDER, NEWEST_FIRST, plannedText } from './planned';
import {
  COUNT_WINDOW_ROWS,
  countPastWindow,
  mostInCategory,
  windowCount,
  WINDOW_MIN_EXPECTED,
  WINDOW_ROWS,
  windowMayHold,
  windowPage,
} from './window-page';
import { readRanked } from './ranked';
import { recentFirst, recentPageText } from './recent-weeks';
import { cardOf, type Card } from '../cards';
import { countedCardOf, countedPage, countMatches, readPage } from './page-reads';
import {
  listedIn,
  matchedBesidesNamed,
  matchedBy,
  namedBy,
  searchCondition,
  withCommonChecked,
  wordsInCategory,
} from './search-condition';
import { listRequestsAround, type CardAround, type PlacesAround } from './distance-search';
import type { DistanceSort } from '../../requests.schema';

/**
 * Below this many expected matches a search reads the full-text index first and sorts what it
 * finds; above it, walking requests newest first and stopping at a full page is cheaper.
 */
const RARE_MATCHES = 10_000;

/**
 * Below this many expected matches the count reads the full-text index (every match, no sort);
 * above it, it reads the table in sequence until EXACT_COUNT_LIMIT + 1 matches (about 30 000
 * rows at the threshold).
 */
const RARE_COUNT_MATCHES = 30_000;

/**
 * In one category: below this many expected matches in the category, the page reads the
 * indexes (full-text and category) and sorts the matches; above, it walks the category newest
 * first, passing about a page ÷ the words' share of its requests (2 000 at the threshold).
 */
const RARE_IN_CATEGORY = 2_000;

/**
 * In one category: below this many expected matches in the category, the count reads the
 * indexes; above, it walks the category until EXACT_COUNT_LIMIT + 1 matches.
 */
const RARE_COUNT_IN_CATEGORY = 5_000;

/**
 * In one category, from this many expected matches in it the count looks through the category's
 * newest requests first (window-page.ts `windowCount`): they may hold more than it counts.
 */
const WINDOW_COUNT_MIN_EXPECTED = 500;

/**
 * A count's window holding more than EXACT_COUNT_LIMIT ÷ this many matches walks on past it
 * rather than read every match from the indexes.
 */
const WALK_ON_SHARE = 5;

/** A search's count under way, joined by the requests for the same search meanwhile. */
const countsRunning = sharedWhileRunning<{ total: number; more: boolean }>();

/**
 * A search's statements are written once a minute: the same words, filters and page make the
 * same text, and writing it through Drizzle cost more than anything else the app does for a
 * search. The key holds everything the text is made of.
 */
const searchTexts = rememberedPerDatabase<string>({ ms: 60_000, max: 1_000 });
const searchText = (db: Db, key: unknown[], write: () => string) =>
  searchTexts.recall(db, JSON.stringify(key), write);

/**
 * What the public may browse: open requests of active clients (one partial index), optionally
 * in one category and matching a search (search-query.ts), or in a category the words name by
 * its label or a trade name (category-search.ts): those come first, newest first, then the
 * other requests the words match.
 */
export async function listOpenRequests(
  db: Db,
  query: {
    q?: string | undefined;
    category?: Category | undefined;
    location?: string | undefined;
    page: number;
    limit: number;
    /** Only requests in these places, nearest or newest first (distance-search.ts). */
    around?: (PlacesAround & { sort: DistanceSort }) | undefined;
  },
): Promise<{ rows: (Card | CardAround)[]; total: number; more: boolean }> {
  const [asked, stats] = await Promise.all([
    searchQuery(db, query.q, query.location, query.category),
    termStats(db),
  ]);
  // Categories the words name other than the filter's cannot match in the filter's category:
  // the words alone must (and PostgreSQL, given the impossible alternative, read the whole
  // category for it: 316 ms instead of 10).
  const base =
    asked && query.category && !asked.categories.includes(query.category)
      ? { ...asked, categories: [] }
      : asked;
  const found = base && withCommonChecked(base, stats);
  if (query.around) {
    const offset = (query.page - 1) * query.limit;
    const { rows, counted } = await listRequestsAround(
      db,
      searchCondition(found, query.category),
      query.around,
      {
        sort: query.around.sort,
        limit: query.limit,
        offset,
        upTo: EXACT_COUNT_LIMIT + 1,
        words: found !== undefined,
      },
    );
    if (pageTellsTotal(rows.length, query.limit, offset)) {
      return { rows, total: offset + rows.length, more: false };
    }
    return { rows, ...totalOf(counted) };
  }
  if (!found) return browse(db, query.category, query.limit, query.page);
  const { words, location, categories, rest } = found;

  // Everything the statements below are written from.
  const search = [words, location, query.category ?? null, categories, rest, found.common];
  const named = (byIndex: boolean) => namedBy(found, byIndex);
  // PostgreSQL cannot tell a rare word from a common one in a prefix query: it may walk every
  // request looking for a word nobody used, or sort every request containing a common one. Our
  // own estimate chooses: rare words read the full-text index and sort the few matches; common
  // words walk requests newest first and stop at a full page.
  // The count needs no order, only EXACT_COUNT_LIMIT + 1 matches. Below RARE_COUNT_MATCHES
  // expected it reads them from the full-text index; above, it reads the table in its own order
  // until it has them (about limit / share rows, read in sequence rather than one by one).
  const expected = expectedShare(found.groups, stats) * stats.rows;
  // In one category the walk newest first passes the category's requests (its own index) that
  // lack the words, about a page ÷ the words' share of them, where the indexes find the matches
  // of the category alone: words alone from the index of each category's words (wordsInCategory).
  const share = query.category ? categoryShare(query.category, stats) : 1;
  const categoryRows = query.category ? share * stats.rows : 0;
  // At most this many match (in the filter's category), where all the words' known words are
  // known (search-query.ts); not known when the words name categories, whose requests all match.
  // It caps the estimate in the category: a flooring word common in all (32 676) but in few
  // tiling requests was expected at 2 040 there and walked all of tiling newest first (192 ms).
  const atMost =
    categories.length === 0 ? mostMatches(found, query.category !== undefined) : undefined;
  const expectedHere = Math.min(expected * share, atMost ?? Infinity);
  const filter = query.category;
  const inCategory = filter && words !== '' && !location && categories.length === 0;
  const listed = () => listedIn(filter);
  const where = (byIndex: boolean) =>
    byIndex && inCategory
      ? wordsInCategory(wordsUnder(found, filter))
      : and(listed(), matchedBy(found, byIndex))!;
  const rare = query.category ? expectedHere < RARE_IN_CATEGORY : expected < RARE_MATCHES;
  // A filter's category among those the words name: each of its requests may match by the
  // category alone, so its walk finds matches at once. Words alone in a category are counted from
  // their index of the category's words, which holds their matches there and nothing else.
  const countPlan = inCategory
    ? 'index'
    : categories.length > 0
      ? query.category
        ? 'newest'
        : 'table'
      : query.category
        ? expectedHere < RARE_COUNT_IN_CATEGORY
          ? 'index'
          : 'newest'
        : expected < RARE_COUNT_MATCHES
          ? 'index'
          : 'table';
  const offset = (query.page - 1) * query.limit;
  const pageOf = (
    kind: string,
    plan: boolean,
    condition: (byIndex: boolean) => SQL,
    at: number,
    size: number,
  ) =>
    searchText(db, [kind, ...search, plan, size, at], () =>
      plannedText(plan ? BY_INDEX : NEWEST_FIRST, readPage(condition(plan), size, at)),
    );
  // A search that had more matches than counted a minute ago is not counted again
  // (known-many.ts), nor one word that more listed requests (of the filter's category) than that
  // have (`leastMatches`); a page that is not full still tells its exact total below.
  const searched = JSON.stringify(search);
  const least = leastMatches(found, filter !== undefined);
  const knownToBeMany = knownMany.get(db, searched) === true || least > EXACT_COUNT_LIMIT;
  // In one category, a word common in the table can be rare: reading the table in its order
  // would pass hundreds of thousands of other requests, where the category's own index (newest
  // first) holds its requests together (a word and a category at a million requests: 15–19 ms
  // instead of 94–160 ms); fewer than RARE_COUNT_IN_CATEGORY expected in the category are read
  // from the indexes.
  const countText = () =>
    searchText(db, ['count', ...search, countPlan], () =>
      plannedText(
        countPlan === 'index' ? BY_INDEX : countPlan === 'newest' ? NEWEST_FIRST : IN_TABLE_ORDER,
        countMatches(
          db,
          where(countPlan === 'index'),
          countPlan !== 'newest',
          EXACT_COUNT_LIMIT + 1,
        ),
      ),
    );
  // Requests that arrive together for a search not counted in the last minute count it once;
  // the count runs beside the page, as browsing's does (see browse), but waits for it at the indexes.
  // In a category where a count may reach past EXACT_COUNT_LIMIT, its newest requests first.
  // Not when the words match no more than it counts (the indexes count those few exactly), nor
  // when the window could not hold enough to walk on past it (below).
  const most = mostInCategory(atMost, expectedHere, words !== '');
  const windowFirst =
    !inCategory &&
    filter !== undefined &&
    categories.length === 0 &&
    expectedHere >= WINDOW_COUNT_MIN_EXPECTED &&
    (atMost === undefined || atMost > EXACT_COUNT_LIMIT) &&
    windowMayHold(most, {
      listed: categoryRows,
      rows: COUNT_WINDOW_ROWS,
      reach: EXACT_COUNT_LIMIT / WALK_ON_SHARE,
    });
  // The named categories' listed requests the words match, counted up to `upTo` (in no order
  // when `unordered`).
  const namedCount = (upTo: number, unordered: boolean) =>
    searchText(db, ['named-count', ...search, upTo, unordered], () =>
      plannedText(NEWEST_FIRST, countMatches(db, and(listed(), named(false))!, unordered, upTo)),
    );
  // Words that name categories and nothing else (no other word, no town), the list unfiltered.
  const namedAlone = categories.length > 0 && !filter && rest === '' && !location;
  // A rare search's page from the indexes counts its matches as it reads them (page-reads.ts).
  const fromPage: { counted?: number | undefined } = {};
  const pageCounts = rare && countPlan === 'index' && !knownToBeMany;
  const count = (text: string, pageRows: Promise<unknown[]>) =>
    countsRunning(db, text, async () => {
      let row: { n: number } | undefined;
      // Every listed request of a category the words name alone matches: more than the list
      // counts there (its own index, up to 1 001 entries, about 1 ms) is the answer. Read in
      // the table's order instead, a category stored late in the table took 50 ms.
      if (namedAlone) {
        const [inNamed] = await readLastOf<{ n: number }>(
          db,
          namedCount(EXACT_COUNT_LIMIT + 1, true),
        );
        if (inNamed && inNamed.n > EXACT_COUNT_LIMIT) {
          knownMany.set(db, searched, true);
          return totalOf(inNamed.n);
        }
      }
      if (windowFirst) {
        [row] = await readGeneric<{ n: number }>(
          db,
          directSql(windowCount(filter, matchedBy(found, false), EXACT_COUNT_LIMIT + 1)),
          {},
          { settings: NEWEST_FIRST },
        );
      }
      if (!row || row.n <= EXACT_COUNT_LIMIT) {
        // Many in the window: the walk on reaches the limit soon (within about
        // COUNT_WINDOW_ROWS × 5 requests), where the indexes would read every match of a
        // common word (129 000 for "ponuk", 115 ms).
        const walkOn = row !== undefined && row.n * WALK_ON_SHARE > EXACT_COUNT_LIMIT;
        // From the indexes a count reads the page's bitmaps again: a page not full tells it.
        const shown = countPlan === 'index' && !walkOn && (await pageRows.catch(() => null));
        if (shown && pageTellsTotal(shown.length, query.limit, offset))
          return { total: offset + shown.length, more: false };
        // The walk on starts past the window, whose matches are counted already.
        const inWindow = walkOn ? row!.n : 0;
        const upTo = EXACT_COUNT_LIMIT + 1 - inWindow;
        const then = walkOn
          ? searchText(db, ['count-past-window', ...search, upTo], () =>
              plannedText(NEWEST_FIRST, countPastWindow(filter!, matchedBy(found, false), upTo)),
            )
          : text;
        [row] =
          shown && fromPage.counted !== undefined
            ? [{ n: fromPage.counted }]
            : await readLastOf<{ n: number }>(db, then);
        if (row) row = { n: row.n + inWindow };
      }
      const total = totalOf(row?.n ?? 0);
      if (total.more) knownMany.set(db, searched, true);
      return total;
    });
  const page = async () => {
    if (categories.length === 0) {
      // No fewer expected than surely match (the estimate may be under it).
      const recentExpected = Math.max(expected, least);
      if (
        !filter &&
        recentFirst(found, {
          expected: recentExpected,
          reach: offset + query.limit,
          counted: knownToBeMany,
        })
      ) {
        const recent = await readLastOf(
          db,
          searchText(
            db,
            ['recent', ...search, query.limit, offset, Math.round(recentExpected)],
            () => recentPageText(found, { limit: query.limit, offset, expected: recentExpected }),
          ),
          cardOf,
        );
        if (recent.length === query.limit) return recent;
      }
      if (
        !filter ||
        offset + query.limit > WINDOW_ROWS ||
        expectedHere < WINDOW_MIN_EXPECTED ||
        !windowMayHold(most, {
          listed: categoryRows,
          rows: WINDOW_ROWS,
          reach: offset + query.limit,
        })
      ) {
        if (!pageCounts) {
          return readLastOf(db, pageOf('page', rare, where, offset, query.limit), cardOf);
        }
        const read = await readGeneric(
          db,
          countedPage(where(true), { limit: query.limit, offset, upTo: EXACT_COUNT_LIMIT + 1 }),
          {},
          { settings: BY_INDEX, make: countedCardOf },
        );
        fromPage.counted = read[0]?.counted;
        return read.map((row) => row.card);
      }
      // In a category, its newest requests first, then (a page not found there) the indexes. The
      // window's page and count are planned once per connection (readGeneric): their plan is the
      // walk of the category's newest for any words, and planning it took 1 ms a search.
      const windowed = await readGeneric(
        db,
        directSql<Card>(windowPage(filter, matchedBy(found, false), query.limit, offset)),
        {},
        { settings: NEWEST_FIRST, make: cardOf },
      );
      if (windowed.length === query.limit) return windowed;
      return readLastOf(db, pageOf('page', true, where, offset, query.limit), cardOf);
    }
    // The named categories' requests first, then the others the words match.
    const namedRare = expectedShare(found.restGroups, stats) * stats.rows < RARE_MATCHES;
    return readRanked(db, query.limit, offset, {
      first: (at, size) =>
        pageOf(
          'named',
          (rest || location) !== '' && namedRare,
          (byIndex) => and(listed(), named(byIndex))!,
          at,
          size,
        ),
      countFirst: (upTo) => namedCount(upTo, false),
      then: (at, size) =>
        pageOf(
          'others',
          rare,
          (byIndex) => and(listed(), matchedBesidesNamed(found, byIndex))!,
          at,
          size,
        ),
    });
  };
  const pageRows = page();
  const [rows, counted] = await Promise.all([
    pageRows,
    knownToBeMany ? totalOf(EXACT_COUNT_LIMIT + 1) : count(countText(), pageRows),
  ]);
  if (pageTellsTotal(rows.length, query.limit, offset)) {
    return { rows, total: offset + rows.length, more: false };
  }
  return { rows, ...counted };
}
