// `npm run bench:admin`: fills a database with 1 000 000 audit entries and measures, through the
// HTTP API of the built server, the administrators' audit list (latency percentiles over several
// kinds of filter) and the full export in both formats while sampling the server process's
// resident memory. Build first (the npm script does). Traffic goes to 127.0.0.1 only.
//
// BENCH_ENTRIES=1000000  BENCH_REQUESTS=1600  BENCH_ENGINE=server|embedded  BENCH_NODE_OPTIONS=…
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { connect } from '../src/server/db/database';
import { migrateDatabase } from '../src/server/db/migrate';
import { openSession } from '../src/features/accounts/server/sessions';
import { SESSION_COOKIE } from '../src/features/accounts/server/session-cookies';
import { createAccount } from '../tests/factories';
import { freePort, startServer, waitUntilHealthy } from '../tests/support/processes';
import { openBenchDatabase } from './bench-database';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1600);
const ENGINE = (process.env.BENCH_ENGINE ?? 'server') as 'server' | 'embedded';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A known actor of the generated data (actor number 42) and a request id that exists once. */
const ACTOR_42 = '00000000-0000-4000-8000-000000000042';

const QUERIES: { kind: string; query: string }[] = [
  { kind: 'no filter, page 1', query: '' },
  { kind: 'no filter, page 200', query: 'page=200' },
  { kind: 'common action', query: 'action=auth.login.success' },
  { kind: 'rare action', query: 'action=admin.user.delete' },
  { kind: 'no such action', query: 'action=nothing.like.this' },
  { kind: 'actor id', query: `actor_id=${ACTOR_42}` },
  { kind: 'actor type', query: 'actor_type=provider' },
  { kind: 'request id', query: 'request_id=req-777777' },
  { kind: 'action + actor type', query: 'action=bid.create&actor_type=provider' },
  { kind: 'actor type, page 50', query: 'actor_type=administrator&page=50' },
];

const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * A million entries in one statement: a year's spread of actions, most of them sign-ins, by
 * 5 000 people of the three kinds, each with its own request id.
 */
async function fill(client: pg.Client, count: number) {
  await client.query(
    `insert into audit_entries
       (created_at, level, action, outcome, actor_type, actor_id, target_type, target_user_id,
        request_id, message)
     select now() - (g::float / $1) * interval '300 days',
            case when g % 10 = 0 then 'warn' else 'info' end,
            case when g % 2 = 0 then 'auth.login.success'
                 when g % 5 = 1 then 'auth.login.failure'
                 when g % 5 = 3 then 'bid.create'
                 when g % 1000 = 7 then 'admin.user.delete'
                 else 'work_request.create' end,
            case when g % 10 = 0 then 'failure' else 'success' end,
            (array['client','provider','administrator'])[1 + (g % 97 = 0)::int * 2 + (g % 3 = 1 and g % 97 <> 0)::int],
            ('00000000-0000-4000-8000-' || lpad(to_hex(g % 5000), 12, '0'))::uuid,
            case when g % 4 = 0 then 'user' end,
            case when g % 4 = 0 then ('00000000-0000-4000-8000-' || lpad(to_hex((g * 7) % 5000), 12, '0'))::uuid end,
            'req-' || g,
            case when g % 3 = 0 then 'entry, with "quotes" ' || g else '=formula ' || g end
     from generate_series(1, $1) as g`,
    [count],
  );
  await client.query('vacuum analyze audit_entries');
}

async function measure(baseUrl: string, cookie: string) {
  const timings: number[] = [];
  const byKind = new Map<string, number[]>();
  const once = async (index: number, record: boolean) => {
    const { kind, query } = QUERIES[index % QUERIES.length]!;
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/admin/audits?${query}`, {
      headers: {
        cookie,
        'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      },
    });
    const body = (await response.json()) as { total: number };
    if (!response.ok) throw new Error(`${query}: HTTP ${response.status} ${JSON.stringify(body)}`);
    const elapsed = performance.now() - started;
    if (record) {
      timings.push(elapsed);
      byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed]);
    }
    return body.total;
  };
  const totals = new Map<string, number>();
  for (let i = 0; i < QUERIES.length * 20; i++) {
    const total = await once(i, false); // warm-up: caches, connections, JIT
    totals.set(QUERIES[i % QUERIES.length]!.kind, total);
  }
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await once(i, true);
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...timings].sort((a, b) => a - b);
  const kinds = [...byKind].map(([kind, values]) => {
    values.sort((a, b) => a - b);
    return {
      kind,
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      total: totals.get(kind),
    };
  });
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: REQUESTS / seconds,
    kinds,
  };
}

/** Resident memory of a process in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib * 1024;
}

async function exportAll(baseUrl: string, cookie: string, pid: number, format: 'csv' | 'ndjson') {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/audits/export?format=${format}`, {
    headers: { cookie, 'x-forwarded-for': '10.200.0.1' },
  });
  if (!response.ok || !response.body) throw new Error(`export: HTTP ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return { format, seconds, bytes, lines, before, peak, growth: peak - before };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-bench-admin-'));
  fs.chmodSync(dataDir, 0o755);
  const opened = await openBenchDatabase(
    ENGINE,
    dataDir,
    `majstri_bench_admin_${process.pid}`,
    SERVER_URL,
  );
  const { url, stopEmbedded } = opened;
  const cleanUp = opened.drop;
  try {
    await migrateDatabase(url);
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    const fillStarted = performance.now();
    await fill(setup, ENTRIES);
    await setup.end();
    log(
      `${ENGINE}: ${ENTRIES.toLocaleString('en')} audit entries (filled and analysed in ${((performance.now() - fillStarted) / 1000).toFixed(0)} s)`,
    );
    const { db, pool } = connect(url);
    const user = await createAccount(db, 'administrator', { email: 'bench-admin@example.test' });
    const { token } = await openSession(db, user.id);
    await pool.end();
    const cookie = `${SESSION_COOKIE}=${token}`;
    await stopEmbedded?.();

    const port = await freePort();
    const server = startServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        ...(ENGINE === 'server' ? { DATABASE_URL: url } : {}),
        ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      },
      'dist/server/main.js',
    );
    try {
      await waitUntilHealthy(server, 120_000);
      const baseUrl = `http://127.0.0.1:${port}`;
      const figures = await measure(baseUrl, cookie);
      log(
        `\nGET /api/admin/audits, ${REQUESTS} requests one at a time over ${QUERIES.length} kinds: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(0)} requests/s`,
      );
      log('| kind | query | total | p50 ms | p95 ms |');
      log('|---|---|---|---|---|');
      for (const kind of figures.kinds) {
        const query = QUERIES.find((q) => q.kind === kind.kind)!.query;
        log(
          `| ${kind.kind} | \`${query || '(none)'}\` | ${kind.total?.toLocaleString('en')} | ${kind.p50.toFixed(1)} | ${kind.p95.toFixed(1)} |`,
        );
      }
      log(
        '\nGET /api/admin/audits/export (every entry), server resident memory sampled every 50 ms:',
      );
      log('| format | lines | size MB | seconds | RSS before MB | RSS peak MB | growth MB |');
      log('|---|---|---|---|---|---|---|');
      for (const format of ['csv', 'ndjson'] as const) {
        const e = await exportAll(baseUrl, cookie, server.child.pid!, format);
        log(
          `| ${e.format} | ${e.lines.toLocaleString('en')} | ${mb(e.bytes)} | ${e.seconds.toFixed(1)} | ${mb(e.before)} | ${mb(e.peak)} | ${mb(e.growth)} |`,
        );
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await cleanUp();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
