import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/server/db/schema';
import { CASING } from '../src/server/db/database';
import { listWorkRequestsQuery } from '../src/features/requests/requests.schema';
import { browseRequests } from '../src/features/requests/server/search/search.service';
import { directoryQuery } from '../src/features/providers/providers.schema';
import { browseDirectory } from '../src/features/providers/server/directory.service';

/**
 * The query plans (EXPLAIN ANALYZE) of every statement one API query makes, run through the
 * same services the server runs: each statement the pool is given is captured, then explained.
 */
export async function explainSlowest(url: string, path: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const captured: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (first: unknown, values?: unknown[]) => {
    const config =
      typeof first === 'string'
        ? { text: first, values }
        : (first as { text: string; values?: unknown[] });
    captured.push({ text: config.text, values: config.values ?? values ?? [] });
    return query(first, values);
  };
  const db = drizzle(pool, { schema, casing: CASING });
  const address = new URL(path, 'http://bench');
  const params = Object.fromEntries(address.searchParams);
  const ctx = { db } as never;
  if (address.pathname === '/api/providers') {
    await browseDirectory(ctx, directoryQuery.parse(params));
  } else {
    await browseRequests(ctx, listWorkRequestsQuery.parse(params));
  }
  (pool as unknown as { query: unknown }).query = query;
  const lines: string[] = [];
  for (const statement of captured) {
    // A search's statement may come with its planner settings in one message (search.repo.ts
    // plannedText): explain the query under them, in the same implicit transaction.
    const split = statement.values.length === 0 ? statement.text.indexOf('; ') : -1;
    const explain = `explain (analyze, buffers) ${split < 0 ? statement.text : statement.text.slice(split + 2)}`;
    const result =
      split < 0
        ? await pool.query(explain, statement.values)
        : (
            (await pool.query(
              `${statement.text.slice(0, split)}; ${explain}`,
            )) as unknown as pg.QueryResult[]
          )[1]!;
    lines.push('', '```', statement.text.replace(/\s+/g, ' ').slice(0, 600));
    if (statement.values.length > 0)
      lines.push(`-- ${JSON.stringify(statement.values).slice(0, 300)}`);
    lines.push(...result.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']), '```');
  }
  await pool.end();
  return lines;
}
