// `npm run bench:signin`: starts the built server (production password cost, default limits) on a
// throwaway database and floods POST /api/auth/login with wrong passwords for unknown addresses
// from 12 clients at once, each request from its own loopback address (127.x.y.z: Linux routes the
// whole 127/8 to this machine, so no TRUST_PROXY is needed to look like many clients). Meanwhile
// real people sign in one after another, and the server's resident memory is sampled. Prints:
//   - people who signed in on this browser before (the `sign_in_device` cookie), one sign-in each;
//   - people signing in on a new browser;
//   - what the flood got, and the server's RSS before and at its peak;
//   - then, with the flood over, one address: a household whose people each mistype their
//     password once and then sign in, and a client guessing passwords as fast as it can (how many
//     guesses the address's ceiling lets through, docs/security.md "Sign-in limits per person").
//
// BENCH_CLIENTS=12  BENCH_SIGN_INS=10  BENCH_WARMUP_SECONDS=3  BENCH_GUESS_SECONDS=10
// PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE: passed to the server when set
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
import fs from 'node:fs';
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connect } from '../src/server/db/database';
import { migrateDatabase } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { hashPassword, PASSWORD_COST } from '../src/features/accounts/server/password';
import { createAccount } from '../tests/factories';
import { freePort, startServer, waitUntilHealthy } from '../tests/support/processes';
import { openBenchDatabase } from './bench-database';
import { eq } from 'drizzle-orm';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 12);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const GUESS_SECONDS = Number(process.env.BENCH_GUESS_SECONDS ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Remeslo2025x';

const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A new loopback address for every request: 127.<1..254>.<0..255>.<1..254>. */
let nextAddress = 0;
function freshAddress() {
  const n = nextAddress++;
  return `127.${1 + ((n >> 16) % 254)}.${(n >> 8) & 255}.${1 + (n % 254)}`;
}

interface Answer {
  status: number;
  error?: string;
  cookies: string[];
  ms: number;
}

/** One request on its own connection, from `localAddress`. */
function request(
  port: number,
  method: string,
  url: string,
  options: { localAddress: string; cookie?: string; csrf?: string; body?: object },
): Promise<Answer> {
  const payload = options.body ? JSON.stringify(options.body) : undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        localAddress: options.localAddress,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.csrf ? { 'x-csrf-token': options.csrf } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let error: string | undefined;
          try {
            error = (JSON.parse(text) as { error?: string }).error;
          } catch {
            error = undefined;
          }
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({
            status: res.statusCode ?? 0,
            ...(error ? { error } : {}),
            cookies: setCookie.map((c) => c.split(';')[0]!),
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function summary(label: string, answers: Answer[]) {
  const ok = answers.filter((a) => a.status === 200);
  const sorted = ok.map((a) => a.ms).sort((a, b) => a - b);
  const refused = answers.filter((a) => a.status !== 200).map((a) => a.error ?? a.status);
  const figures = sorted.length
    ? `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`
    : 'no successful sign-in';
  log(
    `| ${label} | ${ok.length}/${answers.length} | ${figures} | ${refused.length ? refused.join(', ') : '–'} |`,
  );
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-bench-signin-'));
  const opened = await openBenchDatabase(
    'server',
    dataDir,
    `majstri_bench_signin_${process.pid}`,
    SERVER_URL,
  );
  try {
    await migrateDatabase(opened.url);
    // People with passwords hashed at the production cost, like every real account.
    const { db, pool } = connect(opened.url);
    const realHash = await hashPassword(PASSWORD, PASSWORD_COST);
    const people: string[] = [];
    for (let i = 0; i < SIGN_INS * 2; i++) {
      const user = await createAccount(db, 'client', { email: `person-${i}@example.test` });
      await db.update(users).set({ passwordHash: realHash }).where(eq(users.id, user.id));
      people.push(user.email);
    }
    await pool.end();

    const port = await freePort();
    const server = startServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: opened.url,
        ...Object.fromEntries(
          ['PASSWORD_HASH_CONCURRENCY', 'PASSWORD_HASH_QUEUE'].flatMap((name) =>
            process.env[name] ? [[name, process.env[name]!]] : [],
          ),
        ),
      },
      'dist/server/main.js',
    );
    try {
      await waitUntilHealthy(server, 120_000);
      const pid = server.child.pid!;
      // The session read hands a new browser its CSRF token.
      const session = await request(port, 'GET', '/api/auth/session', {
        localAddress: '127.0.0.1',
      });
      const csrfCookie = session.cookies.find((c) => c.startsWith('csrf_token='))!;
      const csrf = csrfCookie.split('=')[1]!;
      const signIn = (email: string, password: string, extraCookie?: string) =>
        request(port, 'POST', '/api/auth/login', {
          localAddress: freshAddress(),
          cookie: [csrfCookie, extraCookie].filter(Boolean).join('; '),
          csrf,
          body: { email, password },
        });

      // Half the people signed in on their browser before the flood: they hold its proof.
      const returning = people.slice(0, SIGN_INS);
      const devices = new Map<string, string>();
      const quiet: Answer[] = [];
      for (const email of returning) {
        const first = await signIn(email, PASSWORD);
        if (first.status !== 200) throw new Error(`sign-in before the flood: ${first.status}`);
        quiet.push(first);
        devices.set(
          email,
          first.cookies.find((c) => c.startsWith('sign_in_device='))!,
        );
      }
      const rssBefore = rssOf(pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 100);

      // The flood runs in its own process, so that its event loop does not delay the measuring one.
      const cpuBefore = cpuSecondsOf(pid);
      const floodStarted = performance.now();
      const flooder = fork(fileURLToPath(import.meta.url), ['flood', String(port), csrfCookie], {
        execArgv: ['--import', 'tsx'],
      });
      const floodReport = new Promise<{ requests: number; outcomes: [string, number][] }>(
        (resolve) => flooder.once('message', (report) => resolve(report as never)),
      );
      await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));

      const trusted: Answer[] = [];
      for (const email of returning) {
        trusted.push(await signIn(email, PASSWORD, devices.get(email)));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const fresh: Answer[] = [];
      for (const email of people.slice(SIGN_INS)) {
        fresh.push(await signIn(email, PASSWORD));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      flooder.send('stop');
      const { requests: floodRequests, outcomes } = await floodReport;
      const floodSeconds = (performance.now() - floodStarted) / 1000;
      const serverCpu = (cpuSecondsOf(pid) - cpuBefore) / floodSeconds;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, rssOf(pid));

      log(
        `\n${CLIENTS} clients flooding wrong passwords for unknown addresses, each request from a new 127.x.y.z address; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; hash concurrency ${process.env.PASSWORD_HASH_CONCURRENCY ?? 'default'}`,
      );
      log(
        '| who signs in during the flood | signed in | latency of the successful ones | refused with |',
      );
      log('|---|---|---|---|');
      summary('(before the flood, for comparison)', quiet);
      summary('returning browser (sign_in_device)', trusted);
      summary('new browser', fresh);
      log(
        `\nFlood: ${floodRequests} requests in ${floodSeconds.toFixed(1)} s (${(floodRequests / floodSeconds).toFixed(0)}/s): ${outcomes.map(([k, v]) => `${k} ${v}`).join(', ')}`,
      );
      log(`Server CPU during the flood: ${(serverCpu * 100).toFixed(0)} % of one core`);
      log(`Server RSS: ${mb(rssBefore)} MB before the flood, ${mb(rssPeak)} MB at its peak`);
      await behindOneAddress(port, csrfCookie, people.slice(SIGN_INS));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await opened.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One address shared by many people (a household, an office): each of `people` types a wrong
 * password once, then the right one, one after another; then a client at another single address
 * sends wrong passwords for unknown emails for GUESS_SECONDS and we count how many were checked.
 */
async function behindOneAddress(port: number, csrfCookie: string, people: string[]) {
  const csrf = csrfCookie.split('=')[1]!;
  const from = (localAddress: string, email: string, password: string) =>
    request(port, 'POST', '/api/auth/login', {
      localAddress,
      cookie: csrfCookie,
      csrf,
      body: { email, password },
    });
  const household: Answer[] = [];
  for (const email of people) {
    await from('127.250.0.1', email, 'Wrong1pass');
    household.push(await from('127.250.0.1', email, PASSWORD));
  }
  log(`\nOne address, ${people.length} people each mistyping once, then signing in:`);
  log('| who | signed in | latency of the successful ones | refused with |');
  log('|---|---|---|---|');
  summary('household behind one address', household);

  const outcomes = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; performance.now() - started < GUESS_SECONDS * 1000; i++) {
    const answer = await from('127.251.0.1', `guess-${i}@example.test`, 'Wrong1pass');
    const key = answer.error ?? String(answer.status);
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  log(
    `One address guessing for ${GUESS_SECONDS} s: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')} (each invalid_credentials is one password checked)`,
  );
}

/** The flooding process: CLIENTS loops of wrong passwords until the parent says stop. */
async function flood(port: number, csrfCookie: string) {
  const csrf = csrfCookie.split('=')[1]!;
  // Addresses apart from the parent's: 127.128.0.1 and up.
  nextAddress = 127 << 16;
  let flooding = true;
  let requests = 0;
  const outcomes = new Map<string, number>();
  process.on('message', () => (flooding = false));
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; flooding; i++) {
        const answer = await request(port, 'POST', '/api/auth/login', {
          localAddress: freshAddress(),
          cookie: csrfCookie,
          csrf,
          body: { email: `unknown-${client}-${i}@example.test`, password: 'Wrong1pass' },
        });
        const key = answer.error ?? String(answer.status);
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        requests++;
      }
    }),
  );
  process.send!({ requests, outcomes: [...outcomes] }, () => process.exit(0));
}

/** CPU time (user + system) a process has used, in seconds, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

(process.argv[2] === 'flood' ? flood(Number(process.argv[3]), process.argv[4]!) : main()).catch(
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
