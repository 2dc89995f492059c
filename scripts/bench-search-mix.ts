// The never-repeating mix of `npm run bench:search` (also alone: `npm run bench:search-mix`):
// random words of the data, typos of them, towns, radius searches around random places with a
// category, and directory searches, each query made once, through the HTTP API of the built
// server, several at a time. Prints p50/p95/p99 per kind, the plans of the slowest queries, and
// the machine's own speed before and after (bench-machine.ts), to read the figures by.
// The caches of repeated searches (counts known to be many, statement texts, typo words) never
// meet the same search twice, so they cannot help.
//
// The database is filled once and kept (1 000 000 requests and 100 000 providers take minutes):
// BENCH_MIX_DATABASE_URL=postgres://postgres@127.0.0.1:5432/majstri_bench_mix
// BENCH_MIX_REQUESTS=1000000  BENCH_MIX_PROVIDERS=100000  BENCH_MIX_PER_KIND=400  BENCH_MIX_CONCURRENCY=4
// BENCH_MIX_WARM_UP=1500 (searches before the measured ones, of words and places never measured)
// BENCH_MIX_FILL_ONLY=1 fills the database and stops; BENCH_MIX_KINDS=word,typo measures those
// kinds alone (comma-separated; default all).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateDatabase } from '../src/server/db/migrate';
import { CATEGORIES } from '../src/shared/categories';
import { RADIUS_CHOICES_KM } from '../src/features/requests/requests.schema';
import { freePort, startNode, waitUntilHealthy } from '../tests/support/processes';
import { SERVER_MEMORY_FLAGS } from './server-memory.mjs';
import { seedClients } from './bench-data';
import { addPlacedRequests, addProviders } from './bench-places-data';
import { explainSlowest } from './bench-mix-plans';
import { leanConnection } from './bench-http-client';
import { machineLine, machineMs, warmMachineMeasure } from './bench-machine';

const URL_OF_DATABASE =
  process.env.BENCH_MIX_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/majstri_bench_mix';
const REQUESTS = Number(process.env.BENCH_MIX_REQUESTS ?? 1_000_000);
const PROVIDERS = Number(process.env.BENCH_MIX_PROVIDERS ?? 100_000);
const PER_KIND = Number(process.env.BENCH_MIX_PER_KIND ?? 400);
const KINDS = process.env.BENCH_MIX_KINDS?.split(',');
const CONCURRENCY = Number(process.env.BENCH_MIX_CONCURRENCY ?? 4);
const WARM_UP = Number(process.env.BENCH_MIX_WARM_UP ?? 1500);

const log = (line: string) => console.log(line);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Creates the database if it is missing, migrates it, and fills what it lacks. */
async function prepare() {
  const target = new URL(URL_OF_DATABASE);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(target), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  await migrateDatabase(URL_OF_DATABASE);
  const client = new pg.Client({ connectionString: URL_OF_DATABASE });
  await client.connect();
  const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0]!.n;
  if ((await count(`select count(*)::int as n from users where role = 'client'`)) === 0) {
    await seedClients(client);
  }
  const started = performance.now();
  const requests = await count('select count(*)::int as n from work_requests');
  if (requests < REQUESTS) await addPlacedRequests(client, REQUESTS - requests);
  const providers = await count(`select count(*)::int as n from users where role = 'provider'`);
  if (providers < PROVIDERS) await addProviders(client, PROVIDERS - providers);
  if (requests < REQUESTS || providers < PROVIDERS) {
    await client.query('vacuum analyze');
    log(`filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return client;
}

interface Query {
  kind: string;
  path: string;
}

/** A word with one letter changed, dropped or doubled: what a hurried thumb types. */
function typoOf(word: string) {
  const at = Math.floor(Math.random() * word.length);
  const letter = pick('abcdeghijklmnoprstuvyz'.split(''));
  const edits = [
    () => word.slice(0, at) + letter + word.slice(at + 1),
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + word[at] + word.slice(at),
  ];
  return pick(edits)();
}

/** A small number of a text's own (FNV-1a), the same on every run. */
function hashOf(text: string) {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
  }
  return hash;
}

/**
 * The words and places a run draws its queries from, in two halves: the measured queries are made
 * of one, the warm-up's of the other, so that nothing the server or PostgreSQL remembers of a
 * warm-up search (its known words, its statement's text, a count) is met again when measured.
 */
async function sources(client: pg.Client, half: 0 | 1) {
  const inHalf = (_: unknown, index: number) => index % 2 === half;
  const words = (
    await client.query<{ term: string }>(
      `select term from search_terms where char_length(term) >= 4 and term ~ '^[a-z]+$' order by term`,
    )
  ).rows
    .map((row) => row.term)
    .filter(inHalf);
  const places = (
    await client.query<{ id: number; name: string }>(
      `select id, coalesce(names->>'sk', names->>'en') as name from places where country in ('SK', 'CZ')`,
    )
  ).rows.filter(({ name }) => hashOf(name) % 2 === half); // Namesakes in the same half.
  return { words, places };
}

/** PER_KIND queries of each kind, none the same as another, in a random order. */
async function makeQueries(client: pg.Client, half: 0 | 1): Promise<Query[]> {
  const { words, places } = await sources(client, half);
  const seen = new Set<string>();
  const queries: Query[] = [];
  const add = (kind: string, make: () => string) => {
    if (KINDS && !KINDS.includes(kind)) return;
    for (let made = 0, tries = 0; made < PER_KIND && tries < PER_KIND * 50; tries++) {
      const path = make();
      if (seen.has(path)) continue;
      seen.add(path);
      queries.push({ kind, path });
      made++;
    }
  };
  const category = () => (Math.random() < 0.5 ? `&category=${pick(CATEGORIES)}` : '');
  add('word', () => `/api/work-requests?q=${encodeURIComponent(pick(words))}${category()}`);
  add('typo', () => `/api/work-requests?q=${encodeURIComponent(typoOf(pick(words)))}${category()}`);
  add(
    'town',
    () => `/api/work-requests?location=${encodeURIComponent(pick(places).name)}${category()}`,
  );
  add(
    'radius + category',
    () =>
      `/api/work-requests?near=${pick(places).id}&radius_km=${pick(RADIUS_CHOICES_KM)}&category=${pick(CATEGORIES)}${Math.random() < 0.5 ? '&sort=distance' : ''}`,
  );
  add(
    'directory',
    () =>
      `/api/providers?near=${pick(places).id}&radius_km=${pick(RADIUS_CHOICES_KM)}&category=${pick(CATEGORIES)}${Math.random() < 0.5 ? '&sort=rating' : ''}`,
  );
  return queries.sort(() => Math.random() - 0.5);
}

/** The CPU time (user and system) a process has used, in ms, from /proc (Linux). */
function cpuMsOf(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/** CPU ms of every PostgreSQL process on this machine. */
function postgresCpuMs() {
  let sum = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres')) {
        sum += cpuMsOf(Number(entry));
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

/**
 * Runs the queries CONCURRENCY at a time, each worker on a kept-alive connection of its own
 * (bench-http-client.ts: the generator shares the cores with the server and PostgreSQL);
 * each query's time by its kind.
 */
async function measure(port: number, queries: Query[]) {
  const byKind = new Map<string, { ms: number; path: string }[]>();
  let next = 0;
  const worker = async () => {
    const connection = await leanConnection('127.0.0.1', port);
    try {
      for (let index = next++; index < queries.length; index = next++) {
        const { kind, path } = queries[index]!;
        const started = performance.now();
        const status = await connection.get(path, {
          'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        });
        if (status !== 200) throw new Error(`${path}: HTTP ${status}`);
        const ms = performance.now() - started;
        const timings = byKind.get(kind) ?? [];
        timings.push({ ms, path });
        byKind.set(kind, timings);
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return byKind;
}

/**
 * PostgreSQL's buffer pool as this run had it: its size and whether it may sit in huge pages
 * (docs/deploy.md "PostgreSQL's memory"), and the machine's huge pages in use (Linux).
 */
async function postgresMemory(client: pg.Client) {
  const setting = async (name: string) =>
    (await client.query<{ value: string }>(`select current_setting($1) as value`, [name])).rows[0]!
      .value;
  const meminfo = fs.existsSync('/proc/meminfo') ? fs.readFileSync('/proc/meminfo', 'utf8') : '';
  const pages = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(meminfo)?.[1] ?? 0);
  const inUse = pages('HugePages_Total') - pages('HugePages_Free') + pages('HugePages_Rsvd');
  return `shared_buffers ${await setting('shared_buffers')}, huge_pages ${await setting('huge_pages')}, ${inUse} huge pages in use on this machine`;
}

async function main() {
  const client = await prepare();
  if (process.env.BENCH_MIX_FILL_ONLY) return client.end();
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const queries = await makeQueries(client, 0);
  // Warm-up on queries of their own (of the other half of the words and places, never measured):
  // the pool's connections and their prepared statements, and the server's code compiled as it
  // runs for hours. After 100 searches V8 was still compiling (a tenth to a sixth of the server's
  // CPU in the measured searches, perf) and the server spent about a sixth more a search.
  const warmUp = (await makeQueries(client, 1)).slice(0, WARM_UP);
  const memory = await postgresMemory(client);
  await client.end();
  warmMachineMeasure();
  const speedBefore = machineMs();

  const port = await freePort();
  // Started as `npm start` starts it: with its memory flags (docs/deploy.md "Memory").
  const server = startNode(
    [...SERVER_MEMORY_FLAGS, 'dist/server/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: URL_OF_DATABASE,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
    port,
  );
  await waitUntilHealthy(server, 120_000);
  // A typo of one half's word may spell a query of the other's: never warmed up on.
  const measured = new Set(queries.map((query) => query.path));
  const warmedUpOn = warmUp.filter((query) => !measured.has(query.path));
  await measure(port, warmedUpOn);
  const onLinux = fs.existsSync('/proc/self/stat');
  const before = onLinux && {
    app: cpuMsOf(server.child.pid!),
    postgres: postgresCpuMs(),
    generator: process.cpuUsage(),
  };
  const byKind = await measure(port, queries);
  // Where the CPU went, per search: the budget four at a time on two cores is about 3.5 ms in
  // all for a p95 within 20 ms (docs/performance.md "What two cores allow").
  const cpu = before && {
    app: (cpuMsOf(server.child.pid!) - before.app) / queries.length,
    postgres: (postgresCpuMs() - before.postgres) / queries.length,
    generator: (({ user, system }) => (user + system) / 1000 / queries.length)(
      process.cpuUsage(before.generator),
    ),
  };
  server.child.kill('SIGTERM');
  await server.exited;
  const speedAfter = machineMs();

  log(
    `\nNever-repeating mix: ${REQUESTS.toLocaleString('en')} requests, ${PROVIDERS.toLocaleString('en')} providers, ${CONCURRENCY} at a time, ${PER_KIND} queries per kind after ${warmedUpOn.length} to warm up, server and generator on Node ${process.version}; PostgreSQL: ${memory}.\n`,
  );
  log(`${machineLine(speedBefore, speedAfter)}\n`);
  if (cpu) {
    log(
      `CPU per search: server ${cpu.app.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, load generator ${cpu.generator.toFixed(2)} ms.\n`,
    );
  }
  log('| kind | queries | p50 ms | p95 ms | p99 ms | slowest ms |');
  log('|---|---:|---:|---:|---:|---:|');
  const slowest: { kind: string; path: string; p95: number }[] = [];
  for (const [kind, timings] of byKind) {
    const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
    log(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
    );
    const worst = [...timings].sort((a, b) => b.ms - a.ms)[0]!;
    slowest.push({ kind, path: worst.path, p95: percentile(sorted, 95) });
  }
  log('');
  for (const { kind, path } of slowest) log(`slowest ${kind}: ${path}`);
  slowest.sort((a, b) => b.p95 - a.p95);
  for (const { kind, path } of slowest.slice(0, 2)) {
    log(`\nPlans of the slowest ${kind} query, ${path} (run again, so now warm):`);
    for (const line of await explainSlowest(URL_OF_DATABASE, path)) log(line);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
