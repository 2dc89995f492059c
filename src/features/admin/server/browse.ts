import { count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../server/db/database';

/** Matches are counted exactly up to this many; beyond, the total is PostgreSQL's estimate. */
export const EXACT_COUNT_LIMIT = 1_000;
/**
 * Pages reach this many rows into a filter's results, no further: an OFFSET walks every row
 * before the page, so page 50 000 of a million entries would cost a second. Narrower filters
 * (or the export) reach older rows.
 */
export const MAX_BROWSE_OFFSET = 10_000;

export interface BrowseResult<Row> {
  rows: Row[];
  total: number;
  estimated: boolean;
}

/**
 * A page of a table newest first plus the number of matches, without counting a million rows:
 * a page that is not full is the last one, so its total is known; otherwise the matches are
 * counted in the page's own order (the same index walk) up to EXACT_COUNT_LIMIT, and past that the
 * total is the planner's estimate, marked as such.
 */
export async function browseNewestFirst<Row>(
  db: Db,
  options: {
    table: PgTable;
    where: SQL | undefined;
    order: [AnyPgColumn, AnyPgColumn];
    page: number;
    limit: number;
    readPage: (offset: number) => Promise<Row[]>;
  },
): Promise<BrowseResult<Row>> {
  const { table, where, page, limit } = options;
  const order = options.order.map((column) => sql`${column} desc`);
  const offset = (page - 1) * limit;
  const rows = offset >= MAX_BROWSE_OFFSET ? [] : await options.readPage(offset);
  if (rows.length > 0 && rows.length < limit) {
    return { rows, total: offset + rows.length, estimated: false };
  }
  if (rows.length === 0 && offset === 0) return { rows, total: 0, estimated: false };
  const [counted] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('matches'),
  );
  const exact = counted?.n ?? 0;
  if (exact <= EXACT_COUNT_LIMIT) return { rows, total: exact, estimated: false };
  const plan = await db.execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`,
  );
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { rows, total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}

/** page, total_pages and total as the admin lists send them; pages stop at MAX_BROWSE_OFFSET. */
export function presentBrowsePagination(page: number, limit: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return {
    page,
    total_pages: Math.min(pages, Math.max(1, Math.ceil(MAX_BROWSE_OFFSET / limit))),
    total,
  };
}
