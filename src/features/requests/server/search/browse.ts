import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import { preparedFor } from '../../../../server/db/prepared';
import { directSql, directStatement, readDirect } from '../../../../server/db/direct';
import { pageTellsTotal } from '../../../../server/paging';
import type { Category } from '../../../../shared/categories';
import { cardOf, type Card } from '../cards';
import { listedRequest, workRequests } from '../tables';
import { EXACT_COUNT_LIMIT, totalOf } from './counted';
import { countMatches, readPage } from './page-reads';

/**
 * Browsing (no search words): the page and, when the page is full, the number of matches
 * counted up to EXACT_COUNT_LIMIT + 1 newest first, as the page walks. Prepared: their generic
 * plans walk `work_requests_status_created_idx` and `work_requests_listed_created_idx` exactly
 * as the one-off plans did.
 */
const browsing = preparedFor((db) => {
  const listed = listedRequest(workRequests);
  const inCategory = and(listed, eq(workRequests.category, sql.placeholder('category')))!;
  const page = (where: SQL, name: string) => ({
    ...directSql<Card>(readPage(where, sql.placeholder('limit'), sql.placeholder('offset'))),
    name,
  });
  const counted = (where: SQL, name: string) =>
    directStatement<{ n: number }>(countMatches(db, where, false, EXACT_COUNT_LIMIT + 1), name);
  return {
    page: page(listed, 'browse_page'),
    pageInCategory: page(inCategory, 'browse_page_in_category'),
    count: counted(listed, 'browse_count'),
    countInCategory: counted(inCategory, 'browse_count_in_category'),
  };
});

/**
 * The page and the number of matches. A page that is not full is the last one, so the total is
 * known. Otherwise matches are counted exactly up to EXACT_COUNT_LIMIT; past that the answer is
 * "more than EXACT_COUNT_LIMIT" (`more: true`): counting every match of a common word in a
 * million requests would cost far more than the page, and PostgreSQL's estimate of it is no more
 * than a guess.
 *
 * The page and the count are read at once, on two connections. One after the other, a page's
 * rows waited for a second connection while the pool was busy (about 120 ms at 100 connections),
 * long enough for V8 to move them to the old generation, whose collections then took a fifth of
 * the server's time. A count the page makes needless (a page that is not full) is cheap: few
 * requests match.
 */
export async function browse(db: Db, category: Category | undefined, limit: number, page: number) {
  const statements = browsing(db);
  const values = { limit, offset: (page - 1) * limit, category };
  const [rows, [counted]] = await Promise.all([
    readDirect(db, category ? statements.pageInCategory : statements.page, values, cardOf),
    readDirect(db, category ? statements.countInCategory : statements.count, values),
  ]);
  if (pageTellsTotal(rows.length, limit, values.offset)) {
    return { rows, total: values.offset + rows.length, more: false };
  }
  return { rows, ...totalOf(counted?.n ?? 0) };
}
