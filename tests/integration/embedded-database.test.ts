import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { isAlive } from '../../src/server/db/embedded';
import { alerts } from '../../src/server/db/schema';
import { freePort, startServer, waitUntilHealthy, type RunningServer } from '../support/processes';

/**
 * The embedded PostgreSQL in DATA_DIR: one live app per folder, and a kill -9 loses no
 * acknowledged write (ARCHITECTURE "The embedded database, done right").
 */
const servers: RunningServer[] = [];
const dirs: string[] = [];

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-data-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const server = startServer({ PORT: String(await freePort()), ...env });
  servers.push(server);
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
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    const pid = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10) : 0;
    if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * One acknowledged write: a CSP report becomes an alert row. Each comes from its own address
 * (the server trusts X-Forwarded-For here), as one address's reports are recorded once a window.
 */
async function sendCspReport(port: number, n: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/csp-report`, {
    method: 'POST',
    headers: {
      'content-type': 'application/csp-report',
      'x-forwarded-for': `10.40.${n >> 8}.${n & 255}`,
    },
    body: JSON.stringify({
      'csp-report': { 'blocked-uri': `https://x.example/${n}`, 'violated-directive': 'script-src' },
    }),
  });
  return response.status === 204;
}

/** The running postmaster's pid, from its own postmaster.pid. */
function postmasterOf(dir: string): number {
  return Number.parseInt(
    fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!,
    10,
  );
}

async function healthOf(port: number): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status ?? 0;
}

/** Waits for a condition, failing after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the embedded database', () => {
  it('refuses a second live app on the same DATA_DIR with one clear line', async () => {
    const dir = dataDir();
    const first = await start({ DATA_DIR: dir });
    await waitUntilHealthy(first);

    const second = await start({ DATA_DIR: dir });
    expect(await second.exited).not.toBe(0);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`is in use by another Majstri process (pid ${first.child.pid})`);

    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);
  });

  it('keeps every acknowledged write through kill -9 and recovers by itself', async () => {
    const dir = dataDir();
    const server = await start({ DATA_DIR: dir, TRUST_PROXY: '1' });
    await waitUntilHealthy(server);

    // Writes in flight while the app is killed: count only the acknowledged ones.
    let acknowledged = 0;
    let sent = 0;
    const writer = (async () => {
      while (sent < 400) {
        const ok = await sendCspReport(server.port, sent++).catch(() => false);
        if (!ok) return;
        acknowledged++;
      }
    })();
    while (acknowledged < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    await writer;
    await server.exited;

    // The app's PostgreSQL outlived it, still holding the folder.
    const orphan = Number.parseInt(
      fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
    expect(isAlive(orphan)).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      expect(isAlive(orphan)).toBe(false);
      const [stored] = await database.db
        .select({ n: count() })
        .from(alerts)
        .where(eq(alerts.type, 'csp'));
      expect(stored!.n).toBeGreaterThanOrEqual(acknowledged);
      expect(stored!.n).toBeLessThanOrEqual(sent);
    } finally {
      await database.close();
    }

    // And the app itself starts again on the same folder.
    const restarted = await start({ DATA_DIR: dir });
    await waitUntilHealthy(restarted);
  });

  it('starts its PostgreSQL again when it dies, keeping every write', async () => {
    const dir = dataDir();
    const server = await start({ DATA_DIR: dir, TRUST_PROXY: '1' });
    await waitUntilHealthy(server);
    for (let n = 0; n < 20; n++) expect(await sendCspReport(server.port, n)).toBe(true);

    const first = postmasterOf(dir);
    process.kill(first, 'SIGKILL');
    // Healthy again only once a new PostgreSQL runs: a backend of the dead one may answer briefly.
    await until(
      async () => postmasterOf(dir) !== first && (await healthOf(server.port)) === 200,
      20_000,
    );
    expect(isAlive(first)).toBe(false);
    expect(server.child.exitCode).toBeNull();
    expect(await sendCspReport(server.port, 20)).toBe(true);
    expect(await server.outputContaining('starting it again')).toContain('starting it again');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const database = await openDatabase({ dataDir: dir });
    try {
      const [stored] = await database.db
        .select({ n: count() })
        .from(alerts)
        .where(eq(alerts.type, 'csp'));
      expect(stored!.n).toBe(21);
    } finally {
      await database.close();
    }
  });

  it('exits non-zero with one clear line when its PostgreSQL dies and cannot start again', async () => {
    const dir = dataDir();
    const server = await start({ DATA_DIR: dir });
    await waitUntilHealthy(server);
    // A configuration PostgreSQL refuses: the running one read it at start, a new one cannot.
    fs.writeFileSync(path.join(dir, 'pg', 'postgresql.conf'), 'this is = not a setting\n');
    process.kill(postmasterOf(dir), 'SIGKILL');
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^The embedded PostgreSQL stopped and could not be started again \(.+\); exiting\.$/,
    );
    expect(lines.filter((line) => line.includes('restart attempt'))).toHaveLength(3);
  });

  it('stops cleanly on SIGTERM, leaving nothing running', async () => {
    const dir = dataDir();
    const server = await start({ DATA_DIR: dir });
    await waitUntilHealthy(server);
    const postmaster = Number.parseInt(
      fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(isAlive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'majstri.lock'))).toBe(false);
  });

  it('exits with one clear line when DATABASE_URL is not a PostgreSQL URL', async () => {
    const server = await start({ DATA_DIR: dataDir(), DATABASE_URL: 'nonsense' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "nonsense").',
    );
  });

  it('exits with one clear line when the PostgreSQL server cannot be reached', async () => {
    const server = await start({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/majstri',
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot open the database: 127\.0\.0\.1:1\/majstri: .+/);
  });
});
