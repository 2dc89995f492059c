// `npm run bench:api`: each endpoint of the built app against a bare Fastify route that runs the
// same SQL and answers the same JSON, on a database of generated requests, in interleaved rounds;
// then a mixed load at 100 connections (latency, errors, the app's memory) and search at 4.
// The bare routes' SQL is captured from the app itself (scripts/bench-api/capture.ts), so it
// follows the app's queries as they change. Writes the table into docs/performance.md and exits
// 1 when a target is missed (`--no-fail`: report only). Traffic goes to 127.0.0.1 only.
//
// BENCH_ROWS=1000000  BENCH_ENGINE=embedded|server  BENCH_DATABASE_URL=postgres://…/postgres
// BENCH_ROUNDS=5  BENCH_ROUND_SECONDS=3  BENCH_MIXED_SECONDS=15  BENCH_SEARCH_SECONDS=10
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import * as prettier from 'prettier';
import { connect } from '../src/server/db/database';
import { migrateDatabase } from '../src/server/db/migrate';
import { openSession } from '../src/features/accounts/server/sessions';
import { SESSION_COOKIE } from '../src/features/accounts/server/session-cookies';
import { createAccount } from '../tests/factories';
import { freePort, waitUntilHealthy } from '../tests/support/processes';
import { captureApp, type CapturedEndpoint, type Endpoint } from './bench-api/capture';
import { headersFor, load, type LoadResult, type Target } from './bench-api/load';
import {
  cpuMicroseconds,
  proportionalTreeBytes,
  residentBytes,
  sampleMemory,
  startNode,
  stopNode,
  waitForOutput,
} from './bench-api/processes';
import { formatReport, replaceBlock, verdicts, type EndpointResult } from './bench-api/report';
import { addRequests, seedClients } from './bench-data';
import { SERVER_MEMORY_FLAGS } from './server-memory.mjs';
import { openBenchDatabase } from './bench-database';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ENGINE = (process.env.BENCH_ENGINE ?? 'embedded') as 'embedded' | 'server';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 15);
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const MIXED_CONNECTIONS = 100;
const SEARCH_CONNECTIONS = 4;
const FAIL = !process.argv.includes('--no-fail');
const SHOW_SQL = process.argv.includes('--show-sql');
const DOCS = 'docs/performance.md';

const LIST = '/api/work-requests?page=1&limit=100';
const endpointsFor = (requestId: string, session: string): Endpoint[] => [
  { key: 'version', label: 'version (no SQL) vs hello', url: '/api/version' },
  { key: 'health', label: 'health', url: '/api/health' },
  { key: 'browse', label: 'browse page 1', url: LIST },
  { key: 'category', label: 'category filter', url: `${LIST}&category=plumbing` },
  { key: 'common', label: 'search: common word', url: `${LIST}&q=oprava` },
  { key: 'typo', label: 'search: typo', url: `${LIST}&q=strachy` },
  { key: 'town', label: 'search: town', url: `${LIST}&q=kosice` },
  // Only a signed-in person sees a request's page: a provider, with a session cookie.
  {
    key: 'details',
    label: 'request details (signed in)',
    url: `/api/work-requests/${requestId}`,
    session,
  },
];
/** The endpoint also measured against its bare route sending the app's header lines. */
const HEADER_CEILING = 'version';
const MIXED = ['browse', 'common', 'details', 'typo', 'category', 'town'];
const SEARCHES = ['common', 'typo', 'town'];

const started = performance.now();
/** A progress line, with the seconds since the start. */
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

/** The embedded PostgreSQL the running app started in DATA_DIR: its port and password are there. */
function embeddedUrl(dataDir: string): string {
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/majstri`;
}

async function fill(dataDir: string) {
  const opened = await openBenchDatabase(
    ENGINE,
    dataDir,
    `majstri_bench_api_${process.pid}`,
    SERVER_URL,
  );
  try {
    await migrateDatabase(opened.url);
    const client = new pg.Client({ connectionString: opened.url });
    await client.connect();
    const fillStarted = performance.now();
    await seedClients(client);
    await addRequests(client, ROWS);
    const { rows } = await client.query<{ id: string }>(
      `select id from work_requests where status = 'OPEN' and client_active order by created_at desc limit 1`,
    );
    await client.end();
    const { db, pool } = connect(opened.url);
    const provider = await createAccount(db, 'provider', { email: 'bench-provider@example.test' });
    const { token } = await openSession(db, provider.id);
    await pool.end();
    log(
      `filled ${ROWS.toLocaleString('en')} requests in ${((performance.now() - fillStarted) / 1000).toFixed(0)} s`,
    );
    return {
      url: opened.url,
      requestId: rows[0]!.id,
      session: `${SESSION_COOKIE}=${token}`,
      drop: opened.drop,
    };
  } finally {
    await opened.stopEmbedded?.();
  }
}

/** The captured statements, one line each (shortened), by step; the earlier capture's when unlike. */
function describePlan(endpoint: CapturedEndpoint): string {
  const short = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);
  const lines = endpoint.plan.flatMap((wave, step) =>
    wave.flatMap((unit) =>
      unit.statements.map(
        (statement) =>
          `    ${step + 1}${unit.transaction ? ' tx' : ''}: ${short(statement.text)} ${JSON.stringify(statement.values ?? []).slice(0, 120)}`,
      ),
    ),
  );
  if (endpoint.previous)
    lines.push(
      '    capture before it:',
      ...endpoint.previous.map((text) => `      ${short(text)}`),
    );
  return lines.join('\n');
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const loadAtStart = os.loadavg()[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-bench-api-'));
  fs.chmodSync(dataDir, 0o755);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-bench-api-work-'));
  let drop = async () => {};
  const running: Parameters<typeof stopNode>[0][] = [];
  try {
    const filled = await fill(dataDir);
    drop = filled.drop;
    const appEnv = {
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      ...(ENGINE === 'server' ? { DATABASE_URL: filled.url } : {}),
    };
    const endpoints = endpointsFor(filled.requestId, filled.session);
    const { captured, spec } = await captureApp(endpoints, appEnv, await freePort(), workDir);
    log(`captured (pool of ${spec.pool.max}, options ${spec.pool.options ?? 'none'}):`);
    // Only the version answers without SQL: a capture that saw none elsewhere missed the driver.
    const silent = captured.filter((e) => e.key !== 'version' && e.statements === 0);
    if (silent.length > 0)
      throw new Error(`no statement captured for ${silent.map((e) => e.url).join(', ')}`);
    for (const endpoint of captured) {
      log(
        `  ${endpoint.label}: ${endpoint.statements} statements in ${endpoint.plan.length} steps${endpoint.stable ? '' : ' (not the same as the capture before it)'}`,
      );
      if (SHOW_SQL || !endpoint.stable) log(describePlan(endpoint));
    }

    const appPort = await freePort();
    // Started as `npm start` starts it: with its memory flags (docs/deploy.md "Memory").
    const app = startNode(
      [...SERVER_MEMORY_FLAGS, 'dist/server/main.js'],
      { ...appEnv, PORT: String(appPort) },
      appPort,
    );
    running.push(app);
    await waitUntilHealthy(app, 120_000);
    const specFile = path.join(workDir, 'bare-spec.json');
    fs.writeFileSync(specFile, JSON.stringify(spec));
    const startBare = async (env: Record<string, string>) => {
      const port = await freePort();
      const server = startNode(
        ['--import', 'tsx', 'scripts/bench-api/bare-server.ts', specFile],
        {
          BARE_PORT: String(port),
          BARE_DATABASE_URL: ENGINE === 'server' ? filled.url : embeddedUrl(dataDir),
          ...env,
        },
        port,
      );
      running.push(server);
      await waitForOutput(server, 'bare server ready');
      return { port, server };
    };
    const { port: barePort, server: bare } = await startBare({});
    // The hello route again, sending the app's header lines: what those lines alone cost.
    const { port: withHeadersPort, server: withHeaders } = await startBare({ BARE_HEADERS: '1' });

    for (const endpoint of captured) {
      const [fromApp, fromBare] = await Promise.all(
        [appPort, barePort].map((port) =>
          fetch(`http://127.0.0.1:${port}${endpoint.url}`, {
            headers: headersFor(endpoint, 0),
          }).then((r) => r.text()),
        ),
      );
      if (fromApp !== fromBare)
        log(`  note: ${endpoint.label}: the bare body differs from the app's now`);
    }

    const target = (key: string) => captured.find((endpoint) => endpoint.key === key)!;
    log('warming up');
    for (const endpoint of captured) {
      const ports = [
        appPort,
        barePort,
        ...(endpoint.key === HEADER_CEILING ? [withHeadersPort] : []),
      ];
      for (const port of ports) await load(port, [endpoint], CONNECTIONS, 1);
    }

    const results: (EndpointResult & { target: Target })[] = captured.map((endpoint) => ({
      target: endpoint,
      label: endpoint.label,
      url: endpoint.url,
      statements: endpoint.statements,
      app: [],
      bare: [],
      ...(endpoint.key === HEADER_CEILING
        ? { withHeaders: { lines: Object.keys(endpoint.headers).length + 1, rounds: [] } }
        : {}),
    }));
    const portOf = { app: appPort, bare: barePort, withHeaders: withHeadersPort };
    const pidOf = {
      app: app.child.pid!,
      bare: bare.child.pid!,
      withHeaders: withHeaders.child.pid!,
    };
    /** A load on one side, with the CPU its server's process used meanwhile. */
    const measured = async (
      side: keyof typeof portOf,
      targets: Target[],
      connections: number,
      seconds: number,
    ): Promise<LoadResult> => {
      const before = cpuMicroseconds(pidOf[side]);
      const answered = await load(portOf[side], targets, connections, seconds);
      return { ...answered, serverCpuMicros: cpuMicroseconds(pidOf[side]) - before };
    };
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`);
      for (const result of results) {
        // Alternate which side goes first, so neither always follows the other's load.
        const sides = result.withHeaders
          ? (['app', 'bare', 'withHeaders'] as const)
          : (['app', 'bare'] as const);
        for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
          const answered = await measured(side, [result.target], CONNECTIONS, ROUND_SECONDS);
          if (side === 'withHeaders') result.withHeaders!.rounds.push(answered);
          else result[side].push(answered);
        }
      }
    }

    // Each side in two halves, app, bare, bare, app: whatever the machine or the database does
    // meanwhile (a checkpoint, a neighbour) falls on both sides alike, as in the rounds above.
    const inTurn = async (targets: Target[], connections: number, seconds: number) => {
      const parts = { app: [] as LoadResult[], bare: [] as LoadResult[] };
      for (const side of ['app', 'bare', 'bare', 'app'] as const)
        parts[side].push(await measured(side, targets, connections, seconds / 2));
      return parts;
    };

    log(`mixed load at ${MIXED_CONNECTIONS} connections`);
    const rss = sampleMemory(() => residentBytes(pidOf.app));
    const tree = sampleMemory(() => proportionalTreeBytes(pidOf.app), 500);
    const mixed = await inTurn(MIXED.map(target), MIXED_CONNECTIONS, MIXED_SECONDS);
    const rssMb = rss.stop() / 1e6;
    const treeMb = tree.stop() / 1e6;

    log(`searches at ${SEARCH_CONNECTIONS} connections`);
    const search = await inTurn(SEARCHES.map(target), SEARCH_CONNECTIONS, SEARCH_SECONDS);

    const report = {
      heading: [
        `${new Date().toISOString().slice(0, 10)}: ${ROWS.toLocaleString('en')} requests in the database, ${ENGINE === 'embedded' ? 'embedded PostgreSQL (the app’s own, in DATA_DIR)' : 'PostgreSQL server (DATABASE_URL)'}, pool of ${spec.pool.max} on both sides; ${os.cpus().length} cores shared with the load generator, load average ${loadAtStart.toFixed(1)} at the start.`,
        `${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per endpoint and side at ${CONNECTIONS} connections; mixed ${MIXED_SECONDS} s and searches ${SEARCH_SECONDS} s per side, each in two halves taken in turn (app, bare, bare, app).`,
      ],
      endpoints: results,
      mixed: { ...mixed, rssMb, treeMb, connections: MIXED_CONNECTIONS },
      search: { ...search, connections: SEARCH_CONNECTIONS },
    } satisfies Parameters<typeof formatReport>[0];
    const text = formatReport(report);
    console.log(`\n${text}\n`);
    const document = replaceBlock(fs.existsSync(DOCS) ? fs.readFileSync(DOCS, 'utf8') : '', text);
    fs.writeFileSync(
      DOCS,
      await prettier.format(document, { ...(await prettier.resolveConfig(DOCS)), filepath: DOCS }),
    );
    log(`written to ${DOCS}`);
    return verdicts(report).every((verdict) => verdict.met);
  } finally {
    for (const server of running.reverse()) await stopNode(server);
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (met) => process.exit(met || !FAIL ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
