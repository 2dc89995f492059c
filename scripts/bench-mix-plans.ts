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
  // Statements run under one plan per connection (db/direct.ts readGeneric) go through a client of
  // the pool's own: captured there too.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const watched = new WeakSet<object>();
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      if (!watched.has(client)) {
        watched.add(client);
        const run = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
        // The pool's own reads come through here too (captured above): only readGeneric's.
        (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
          const [first] = args;
          const text = typeof first === 'string' ? first : (first as { text: string }).text;
          if (/;\nexecute \w+\(/.test(text)) captured.push({ text, values: [] });
          return run(...args);
        };
      }
      return client;
    });
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
  (pool as unknown as { connect: unknown }).connect = connect;
  // What each statement run under one plan was prepared as, to prepare it again for its plan.
  const prepared = new Map<string, string>();
  for (const { text } of captured) {
    const found = /^prepare (\w+) as [\s\S]*?(?=;\n(?:select|execute) )/.exec(text);
    if (found) prepared.set(found[1]!, found[0]);
  }
  const lines: string[] = [];
  for (const statement of captured) {
    const generic = /;\nexecute (\w+)\(/.exec(statement.text);
    if (generic) {
      // Prepared again on whichever connection explains it, under the same settings.
      const parts = statement.text.split(';\n').filter((part) => !part.startsWith('prepare '));
      const run = parts.pop()!;
      const text = [
        'deallocate all',
        prepared.get(generic[1]!)!,
        ...parts,
        `explain (analyze, buffers) ${run}`,
      ].join(';\n');
      const results = (await pool.query(text)) as unknown as pg.QueryResult[];
      lines.push('', '```', run.replace(/\s+/g, ' ').slice(0, 600));
      lines.push(
        ...results.at(-1)!.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']),
        '```',
      );
      continue;
    }
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
