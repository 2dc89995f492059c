import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../../src/features/accounts/server/sessions';
import { connect } from '../../src/server/db/database';
import { isAlive } from '../../src/server/db/embedded';
import { workRequests } from '../../src/server/db/schema';
import { createClient } from '../factories';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { freePort, startServer, waitUntilHealthy, type RunningServer } from '../support/processes';

/**
 * docs/security.md "Durability": the server as its own process, a client posting requests over
 * HTTP as fast as it can (four at a time), kill -9 in the middle, a restart: every request the
 * server answered 201 for is there, with its title. On the embedded engine also with its
 * PostgreSQL killed -9 at the same moment; on a PostgreSQL server (TEST_DATABASE_URL's) only the
 * app is killed, the server not being ours. The app runs from today's server bundle, as the other
 * process tests do (tests/setup/server-bundle.ts).
 */
const servers: RunningServer[] = [];
const dirs: string[] = [];
const databases: TestDatabase[] = [];

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-durable-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const server = startServer({
    PORT: String(await freePort()),
    TRUST_PROXY: '1',
    SESSION_SECRET: 'durability-test-secret-0123456789abcdef',
    ...env,
  });
  servers.push(server);
  await waitUntilHealthy(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  for (const dir of dirs.splice(0)) {
    const pid = postmasterOf(dir);
    if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const database of databases.splice(0)) await database.drop();
});

/** The embedded PostgreSQL's pid and port, from its postmaster.pid (0 when none). */
function postmasterOf(dir: string, line = 0): number {
  const file = path.join(dir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(file)) return 0;
  return Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[line] ?? '0', 10);
}

/** The embedded engine's application database, as the app connects to it. */
function embeddedUrl(dir: string) {
  const password = fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postmasterOf(dir, 3)}/majstri`;
}

/** A verified client with an open session, written straight into the app's database. */
async function seedClient(url: string) {
  const { db, pool } = connect(url);
  try {
    const client = await createClient(db);
    return (await openSession(db, client.id)).token;
  } finally {
    await pool.end();
  }
}

async function titlesOf(url: string, ids: string[]) {
  const { db, pool } = connect(url);
  try {
    const rows = await db
      .select({ id: workRequests.id, title: workRequests.title })
      .from(workRequests)
      .where(inArray(workRequests.id, ids));
    return new Map(rows.map((row) => [row.id, row.title]));
  } finally {
    await pool.end();
  }
}

/**
 * Posts requests from four writers until `stop()`; returns every id the server acknowledged
 * (201) with the title it was posted with. A write cut off by the kill is not counted.
 */
function writeLoop(port: number, token: string) {
  const base = `http://127.0.0.1:${port}`;
  const acknowledged = new Map<string, string>();
  let stopped = false;
  let sent = 0;
  const run = async (csrf: string) => {
    while (!stopped) {
      const n = sent++;
      const title = `Oprava č. ${n} – kúpeľňa`;
      const form = new FormData();
      form.set('title', title);
      form.set('category', 'plumbing');
      form.set('description', 'Kvapká batéria a treba vymeniť tesnenie pri umývadle.');
      form.set('location', 'Bratislava');
      try {
        const response = await fetch(`${base}/api/work-requests`, {
          method: 'POST',
          headers: {
            cookie: `sid=${token}; csrf_token=${csrf}`,
            'x-csrf-token': csrf,
            // Its own address each time: the upload limit counts per address.
            'x-forwarded-for': `10.60.${(n >> 8) & 255}.${n & 255}`,
          },
          body: form,
        });
        if (response.status !== 201) {
          if (!stopped) throw new Error(`write ${n} answered ${response.status}`);
          return;
        }
        const { work_request } = (await response.json()) as { work_request: { id: string } };
        acknowledged.set(work_request.id, title);
      } catch (error) {
        if (stopped) return;
        throw error;
      }
    }
  };
  const writers = (async () => {
    const issued = await fetch(`${base}/api/auth/session`);
    const csrf = /csrf_token=([^;]+)/.exec(issued.headers.get('set-cookie') ?? '')![1]!;
    await Promise.all([run(csrf), run(csrf), run(csrf), run(csrf)]);
  })();
  return {
    acknowledged,
    /** Resolves once this many writes were acknowledged. */
    async reach(count: number) {
      while (acknowledged.size < count) {
        await Promise.race([writers, new Promise((resolve) => setTimeout(resolve, 5))]);
      }
    },
    async stop() {
      stopped = true;
      await writers.catch(() => {});
    },
  };
}

async function killAndCheck(options: {
  env: Record<string, string>;
  url: () => string;
  alsoKill?: () => number;
}) {
  const server = await start(options.env);
  const token = await seedClient(options.url());
  const loop = writeLoop(server.port, token);
  await loop.reach(40);
  // Writes are in flight: kill the app (and the database) without warning.
  const postgres = options.alsoKill?.() ?? 0;
  server.child.kill('SIGKILL');
  if (postgres) process.kill(postgres, 'SIGKILL');
  await loop.stop();
  await server.exited;
  const acknowledged = new Map(loop.acknowledged);

  await start(options.env);
  const stored = await titlesOf(options.url(), [...acknowledged.keys()]);
  const missing = [...acknowledged].filter(([id, title]) => stored.get(id) !== title);
  expect(acknowledged.size).toBeGreaterThanOrEqual(40);
  expect(missing).toEqual([]);
}

// Each case starts the app twice (and the embedded one its PostgreSQL): a minute of head room on
// a busy machine, though a case takes about 15 s.
describe('acknowledged writes survive a crash', () => {
  it('on the embedded engine, when the app is killed -9', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    await killAndCheck({ env: { DATA_DIR: dir }, url: () => embeddedUrl(dir) });
  });

  it(
    'on the embedded engine, when the app and its PostgreSQL are killed -9 together',
    { timeout: 60_000 },
    async () => {
      const dir = dataDir();
      await killAndCheck({
        env: { DATA_DIR: dir },
        url: () => embeddedUrl(dir),
        alsoKill: () => postmasterOf(dir),
      });
    },
  );

  it('on a PostgreSQL server, when the app is killed -9', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase({ durable: true });
    databases.push(database);
    await killAndCheck({
      env: { DATA_DIR: dataDir(), DATABASE_URL: database.url },
      url: () => database.url,
    });
  });
});
