// `npm run bench:search`: fills a database with generated requests and measures browse and
// search through the HTTP API of the built server, at growing sizes, on the embedded
// PostgreSQL and on a PostgreSQL server. Prints latency percentiles, throughput and the
// query plans. Build first (the npm script does).
//
// BENCH_SIZES=10000,100000,1000000  BENCH_ENGINES=embedded,server
// BENCH_REQUESTS=3000  BENCH_CONCURRENCY=8  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { migrateDatabase } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { listOpenRequests } from '../src/features/requests/server/search/search.repo';
import { freePort, startNode, waitUntilHealthy } from '../tests/support/processes';
import { SERVER_MEMORY_FLAGS } from './server-memory.mjs';
import { addRequests, seedClients } from './bench-data';
import { openBenchDatabase } from './bench-database';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,server').split(',') as (
  'embedded' | 'server'
)[];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
/** One at a time shows latency; several at a time show throughput on this machine's two cores. */
const CONCURRENCY_LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What people do: browse, page, filter, and search for common words, rare words, typos and category names. */
const QUERIES: { kind: string; query: string }[] = [
  { kind: 'home (6 newest)', query: 'page=1&limit=6' },
  { kind: 'browse page 1', query: 'page=1&limit=100' },
  { kind: 'browse page 5', query: 'page=5&limit=100' },
  { kind: 'category filter', query: 'category=plumbing' },
  { kind: 'common word', query: 'q=oprava' },
  { kind: 'common word (cs)', query: 'q=koupelna' },
  { kind: 'accent-free', query: 'q=kupelna' },
  { kind: 'rare word', query: 'q=vaillant' },
  { kind: 'two words', query: 'q=oprava%20strechy' },
  { kind: 'typo', query: 'q=strachy' },
  { kind: 'typo (uk)', query: 'q=змішувча' },
  { kind: 'category label (sk)', query: 'q=elektro' },
  { kind: 'category label (ru)', query: 'q=сантехника' },
  { kind: 'word + category', query: 'q=kotol&category=heating_gas_sanitary' },
  { kind: 'town (search)', query: 'q=kosice' },
  { kind: 'town filter', query: 'location=kosice' },
  { kind: 'word + town filter', query: 'q=strecha&location=kosice' },
];

const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The plans PostgreSQL chooses for the repo's own queries, summarised to their scan nodes. */
async function plans(url: string) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    options: '-c pg_trgm.similarity_threshold=0.35',
  });
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  const lines: string[] = [];
  for (const { kind, query } of QUERIES.filter((q) =>
    ['browse page 1', 'common word', 'typo', 'category label (sk)', 'town filter'].includes(q.kind),
  )) {
    const params = new URLSearchParams(query);
    captured.length = 0;
    await listOpenRequests(db, {
      q: params.get('q') ?? undefined,
      category: (params.get('category') as never) ?? undefined,
      location: params.get('location') ?? undefined,
      page: Number(params.get('page') ?? 1),
      limit: Number(params.get('limit') ?? 100),
    });
    for (const statement of captured.filter(
      (c) => c.sql.startsWith('select') && c.sql.includes('"work_requests"'),
    )) {
      // A search's statement comes with its planner settings in one message (requests.repo.ts
      // planned()): explain the query under them, in the same implicit transaction.
      const split = statement.params.length === 0 ? statement.sql.indexOf('; ') : -1;
      const explain = `explain (analyze, format json) ${split < 0 ? statement.sql : statement.sql.slice(split + 2)}`;
      const result =
        split < 0
          ? await pool.query(explain, statement.params)
          : (
              (await pool.query(
                `${statement.sql.slice(0, split)}; ${explain}`,
              )) as unknown as pg.QueryResult[]
            )[1]!;
      const plan = (
        result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }
      )['QUERY PLAN'][0]!;
      const scans = new Set<string>();
      const walk = (node: PlanNode) => {
        if (/Scan/.test(node['Node Type']))
          scans.add(
            `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ` ${node['Relation Name'] ?? ''}`}`,
          );
        node.Plans?.forEach(walk);
      };
      walk(plan.Plan);
      const what = statement.sql.includes('"matches"') ? 'count' : 'page';
      lines.push(
        `  ${kind} [${what}] ${plan['Execution Time'].toFixed(1)} ms: ${[...scans].join(', ')}`,
      );
    }
  }
  await pool.end();
  return lines;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

async function measure(baseUrl: string, concurrency: number) {
  let next = 0;
  const timings: number[] = [];
  const byKind = new Map<string, number[]>();
  const run = async (count: number, record: boolean) => {
    const worker = async () => {
      for (;;) {
        const index = next++;
        if (index >= count) return;
        const { kind, query } = QUERIES[index % QUERIES.length]!;
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/work-requests?${query}`, {
          headers: {
            'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${query}: HTTP ${response.status}`);
        const elapsed = performance.now() - started;
        if (record) {
          timings.push(elapsed);
          byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed]);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  await run(QUERIES.length * 30, false); // warm-up: caches, connections, JIT
  next = 0;
  const started = performance.now();
  await run(REQUESTS, true);
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...timings].sort((a, b) => a - b);
  const slowest = [...byKind]
    .map(
      ([kind, values]) =>
        [
          kind,
          percentile(
            values.sort((a, b) => a - b),
            95,
          ),
        ] as const,
    )
    .sort((a, b) => b[1] - a[1]);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: REQUESTS / seconds,
    slowest: slowest.slice(0, 3),
  };
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const results: string[] = [];
  for (const engine of ENGINES) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-bench-'));
    fs.chmodSync(dataDir, 0o755);
    const opened = await openBenchDatabase(
      engine,
      dataDir,
      `majstri_bench_${process.pid}`,
      SERVER_URL,
    );
    let url = opened.url;
    let stopEmbedded = opened.stopEmbedded;
    await migrateDatabase(url);
    let loaded = 0;
    let setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await seedClients(setup);

    for (const size of SIZES) {
      const fillStarted = performance.now();
      await addRequests(setup, size - loaded);
      loaded = size;
      log(
        `\n${engine}, ${size.toLocaleString('en')} requests (filled in ${((performance.now() - fillStarted) / 1000).toFixed(0)} s)`,
      );
      for (const line of await plans(url)) log(line);

      // The real server: on the embedded engine it starts its own PostgreSQL in DATA_DIR.
      if (engine === 'embedded') {
        await setup.end();
        await stopEmbedded!();
      }
      const port = await freePort();
      // Started as `npm start` starts it: with its memory flags (docs/deploy.md "Memory").
      const server = startNode(
        [...SERVER_MEMORY_FLAGS, 'dist/server/main.js'],
        {
          PORT: String(port),
          DATA_DIR: dataDir,
          TRUST_PROXY: '1',
          LOG_LEVEL: 'warn',
          ...(engine === 'server' ? { DATABASE_URL: url } : {}),
        },
        port,
      );
      await waitUntilHealthy(server, 120_000);
      const measured = [];
      for (const concurrency of CONCURRENCY_LEVELS) {
        measured.push({
          concurrency,
          figures: await measure(`http://127.0.0.1:${port}`, concurrency),
        });
      }
      server.child.kill('SIGTERM');
      await server.exited;
      if (engine === 'embedded') {
        const embedded = await startEmbeddedPostgres(dataDir);
        url = embedded.url;
        stopEmbedded = () => embedded.stop();
        setup = new pg.Client({ connectionString: url });
        await setup.connect();
      }
      for (const { concurrency, figures } of measured) {
        log(
          `  ${concurrency} at a time: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(0)} requests/s`,
        );
        results.push(
          `| ${engine} | ${size.toLocaleString('en')} | ${concurrency} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.rps.toFixed(0)} | ${figures.slowest.map(([kind, p95]) => `${kind} ${p95.toFixed(1)}`).join('; ')} |`,
        );
      }
    }
    await setup.end().catch(() => {});
    await stopEmbedded?.();
    await opened.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  log(`\n${REQUESTS} requests per row, mixed over ${QUERIES.length} kinds of query.\n`);
  log(
    '| engine | requests in database | at a time | p50 ms | p95 ms | p99 ms | requests/s | slowest kinds (p95 ms) |',
  );
  log('|---|---|---|---|---|---|---|---|');
  for (const line of results) log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
