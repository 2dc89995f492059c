import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sqlText } from '../../../../server/db/direct';

/**
 * No parallel workers for a search: its plan is one we chose for a few thousand rows at most,
 * where starting workers cost more than the read (a town of 84 requests: 50 ms with two workers
 * PostgreSQL planned from its default estimate of a prefix query, 0.4 ms without), and four
 * searches at once on two cores have no core to spare for them. Nor compiled code (JIT): an
 * index of our own functions (`week_words`, `category_words`) is estimated from defaults, and a
 * page of a common word's last weeks, estimated at 110 000 rows instead of its few hundred,
 * spent 20–30 ms compiling to read them in 1.5 ms.
 */
const SERIAL = sql.raw(
  "set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)",
);

/** Read the matches from the indexes (bitmaps), then sort them. */
export const BY_INDEX = sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'on', true), ${SERIAL}`;
/** Walk an index newest first and stop when there are enough. */
export const NEWEST_FIRST = sql`select set_config('enable_bitmapscan', 'off', true), ${SERIAL}`;
/** Read the table in its own order (no index, no sort) and stop when there are enough. */
export const IN_TABLE_ORDER = sql`select set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true), set_config('enable_bitmapscan', 'off', true), ${SERIAL}`;

/**
 * One query under planner settings in a single round trip: the settings (`set_config(…, true)`)
 * and the query go as one simple-protocol message, which PostgreSQL runs as one implicit
 * transaction, planning each statement after the one before has run. So the settings hold for
 * the query and end with it, with no BEGIN, COMMIT or separate statements.
 *
 * The simple protocol takes no parameters: Drizzle writes them into the text as quoted literals.
 * Only for values of our own making — search words are letters and digits only
 * (category-search.ts), category codes, numbers — never free text.
 */
export function plannedText(settings: SQL, query: SQLWrapper): string {
  return sqlText(sql`${settings}; ${query.getSQL()}`.inlineParams());
}
