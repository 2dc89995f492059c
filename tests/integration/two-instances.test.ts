import { and, eq, inArray } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, workRequests } from '../../src/server/db/schema';
import { TEST_PASSWORD, createClient, createProvider, createWorkRequest } from '../factories';
import { PNG, file, requestForm } from '../factories/files';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { freePort, startServer, waitUntilHealthy, type RunningServer } from '../support/processes';
import { startS3Server, type S3Server } from '../support/s3-server';
import { sessionCookieFor } from '../support/session-cookie';
import { Browser, claimRedisDatabase, REDIS } from '../support/two-instances';

/**
 * docs/deploy.md "Several instances": two app processes behind an imagined load balancer, on one
 * PostgreSQL database, one Redis and one S3-compatible bucket (a local s3rver). Whatever one
 * instance learns, the other knows: the session, the rate-limit counters, the used challenge,
 * the uploaded file, the accepted bid; and killing one loses nothing it acknowledged.
 */

let database: TestDatabase;
let s3: S3Server;
let redisDb: number;
let a: RunningServer;
let b: RunningServer;
const dirs: string[] = [];

async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-two-'));
  dirs.push(dataDir);
  return startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
}

beforeAll(async () => {
  [database, s3, redisDb] = await Promise.all([
    createTestDatabase(),
    startS3Server(),
    claimRedisDatabase(),
  ]);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: `${REDIS}/${redisDb}`,
    SESSION_SECRET: 'two-instances-test-secret-0123456789abcdef',
    TRUST_PROXY: '1',
    S3_BUCKET: await s3.createBucket(),
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // The clean-ups due every minute, and workers that look for work often.
    MAINTENANCE_CRON: '* * * * *',
    JOB_POLLING_SECONDS: '0.5',
  };
  // Both at once, as an orchestrator starts replicas: migrations take turns.
  [a, b] = await Promise.all([start(env), start(env)]);
  await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
  for (const server of [a, b]) {
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/ready`);
    expect(await ready.json()).toMatchObject({ database: 'up', redis: 'up', storage: 'up' });
  }
});

afterAll(async () => {
  for (const server of [a, b]) {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  if (redisDb) {
    const redis = new Redis(`${REDIS}/${redisDb}`);
    await redis.flushdb();
    redis.disconnect();
  }
  await s3?.close();
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A verified client signed in (a session row, as sign-in leaves it). */
async function signedInClient() {
  const client = await createClient(database.db);
  const browser = new Browser();
  browser.cookies.set('sid', await sessionCookieFor(database.db, client.id));
  return { client, browser };
}

describe('two instances on one database, one Redis and one bucket', () => {
  it('a person signed in on A is signed in on B, and a change made on B shows on A', async () => {
    const client = await createClient(database.db);
    const browser = new Browser();
    const login = await browser.send(a, 'POST', '/api/auth/login', {
      email: client.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(browser.cookies.has('sid')).toBe(true);

    const profile = await browser.send(b, 'GET', '/api/users/profile');
    expect(profile.status).toBe(200);
    expect((await profile.json()).user.email).toBe(client.email);
    // A write on B with the CSRF token A signed.
    const language = await browser.send(b, 'PUT', '/api/users/language', {
      preferred_language: 'en',
    });
    expect(language.status).toBe(200);
    const again = await browser.send(a, 'GET', '/api/users/profile');
    expect((await again.json()).user.preferred_language).toBe('en');

    // Signing out on B ends the session on A too, even for a copy of the cookie.
    const stale = new Browser(browser.address);
    for (const [name, value] of browser.cookies) stale.cookies.set(name, value);
    expect((await browser.send(b, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await stale.send(a, 'GET', '/api/users/profile')).status).toBe(401);
  });

  it('the sign-in rate limit counts the attempts made to both instances', async () => {
    const client = await createClient(database.db);
    const browser = new Browser();
    const statuses: number[] = [];
    // The auth group allows 5 per address in 15 minutes: 3 on A and 3 on B, in turns.
    for (const server of [a, b, a, b, a, b]) {
      const response = await browser.send(server, 'POST', '/api/auth/login', {
        email: client.email,
        password: TEST_PASSWORD,
      });
      statuses.push(response.status);
      if (response.status === 429) expect((await response.json()).error).toBe('rate_limited');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Held back on A as well, while another address still gets through.
    const blocked = await browser.send(a, 'POST', '/api/auth/login', {
      email: client.email,
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    const other = await new Browser().send(a, 'POST', '/api/auth/login', {
      email: client.email,
      password: TEST_PASSWORD,
    });
    expect(other.status).toBe(200);
  });

  it('a challenge answered on A is refused when sent again to B', async () => {
    const answer = (question: string) => {
      const [, x, op, y] = /(\d+)\s*([+\-×])\s*(\d+)/.exec(question)!;
      return op === '+'
        ? Number(x) + Number(y)
        : op === '-'
          ? Number(x) - Number(y)
          : Number(x) * Number(y);
    };
    const contact = async (server: RunningServer, challenge: { question: string; token: string }) =>
      // Its own address each time: the contact form allows two an hour per address.
      new Browser().send(server, 'POST', '/api/contact', {
        name: 'Jana Nováková',
        email: 'jana@example.test',
        subject: 'Otázka k platforme',
        message: 'Dobrý deň, ako funguje hodnotenie majstrov po skončení práce?',
        math_answer: answer(challenge.question),
        challenge_token: challenge.token,
      });
    const issued = await (await new Browser().send(a, 'GET', '/api/challenge')).json();
    expect((await contact(a, issued)).status).toBe(201);
    const replayed = await contact(b, issued);
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error).toBe('challenge_expired');
    // Not because B distrusts A's tokens: a fresh one from A is taken on B.
    const fresh = await (await new Browser().send(a, 'GET', '/api/challenge')).json();
    expect((await contact(b, fresh)).status).toBe(201);
  });

  it('a file uploaded on A downloads byte for byte from B', async () => {
    const { browser } = await signedInClient();
    const posted = await browser.send(
      a,
      'POST',
      '/api/work-requests',
      requestForm(
        {
          title: 'Oprava strechy po búrke',
          category: 'roofing',
          description: 'Vymeniť poškodené škridly, asi 10 m².',
          location: 'Trnava',
        },
        [file(PNG, 'strecha.png', 'image/png')],
      ),
    );
    expect(posted.status).toBe(201);
    const { work_request } = await posted.json();
    const download = await browser.send(
      b,
      'GET',
      `/api/work-requests/${work_request.id}/attachments/${work_request.attachments[0].id}/download`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('50 accepts of the bids on one request, spread over A and B at once: exactly one wins', async () => {
    const { client, browser } = await signedInClient();
    const request = await createWorkRequest(database.db, client);
    const providers = await Promise.all(
      Array.from({ length: 50 }, () => createProvider(database.db)),
    );
    const made = await database.db
      .insert(bids)
      .values(
        providers.map((provider, i) => ({
          workRequestId: request.id,
          providerId: provider.id,
          amountCents: 10_000 + i,
          description: 'Urobím to do týždňa, materiál v cene.',
        })),
      )
      .returning({ id: bids.id });
    // The client's browser in 50 tabs, each sent by the balancer to A or B in turn.
    await browser.send(a, 'GET', '/api/auth/session');
    const answers = await Promise.all(
      made.map(async ({ id }, i) => {
        const tab = new Browser();
        for (const [name, value] of browser.cookies) tab.cookies.set(name, value);
        const response = await tab.send(i % 2 ? b : a, 'PATCH', `/api/bids/${id}/accept`);
        return response.status < 300
          ? String(response.status)
          : `${response.status} ${(await response.json()).error}`;
      }),
    );
    expect(answers.filter((answer) => answer === '200')).toHaveLength(1);
    for (const answer of answers) expect(['200', '409 request_not_open']).toContain(answer);
    const accepted = await database.db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.workRequestId, request.id), eq(bids.status, 'ACCEPTED')));
    expect(accepted).toHaveLength(1);
    const [assigned] = await database.db
      .select({ status: workRequests.status })
      .from(workRequests)
      .where(eq(workRequests.id, request.id));
    expect(assigned?.status).toBe('ASSIGNED');
  });

  it('the periodic clean-ups run once per due time, though both instances schedule them', async () => {
    const queues = ['sign-in-cleanup', 'retention'];
    const runs = async () =>
      (
        await database.pool.query<{ name: string; created_on: Date; state: string }>(
          `select name, created_on, state::text from pgboss.job where name = any($1)
           union all select name, created_on, state::text from pgboss.archive where name = any($1)`,
          [queues],
        )
      ).rows;
    const completed = async () =>
      new Set((await runs()).filter((r) => r.state === 'completed').map((r) => r.name)).size;
    await expect.poll(completed, { timeout: 30_000, interval: 200 }).toBe(queues.length);
    // Both instances look whether the schedule is due every 2.5 s: let them look a few times more.
    const cronChecks = new Set<string>();
    await expect
      .poll(
        async () => {
          const { rows } = await database.pool.query<{ cron_on: Date }>(
            'select cron_on from pgboss.version',
          );
          cronChecks.add(String(rows[0]?.cron_on));
          return cronChecks.size;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(4);
    const all = await runs();
    // A due time is the minute the schedule's hand-over job was made in; the run itself may be
    // made a poll later, in the next minute.
    const { rows: handOvers } = await database.pool.query<{ created_on: Date }>(
      `select created_on from pgboss.job where name = '__pgboss__send-it'
       union all select created_on from pgboss.archive where name = '__pgboss__send-it'`,
    );
    const minute = (date: Date) => Math.floor(date.getTime() / 60_000);
    const first = Math.min(...handOvers.map((r) => minute(r.created_on)));
    const dueTimes = minute(new Date()) - first + 1;
    for (const name of queues) {
      const count = all.filter((r) => r.name === name).length;
      // One run per minute at most (the schedule is every minute), whichever instance ran it.
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(dueTimes);
    }
  });

  it('A killed -9 with writes in flight to both: every acknowledged write is kept, B serves on', async () => {
    const { client } = await signedInClient();
    const sid = await sessionCookieFor(database.db, client.id);
    const acknowledged = new Map<string, string>();
    const byServer = new Map<RunningServer, number>([
      [a, 0],
      [b, 0],
    ]);
    const afterKill: string[] = [];
    let killed = false;
    let stopped = false;
    let sent = 0;
    const writer = async (server: RunningServer) => {
      while (!stopped) {
        const browser = new Browser();
        browser.cookies.set('sid', sid);
        const title = `Oprava č. ${++sent} – kúpeľňa`;
        try {
          const response = await browser.send(
            server,
            'POST',
            '/api/work-requests',
            requestForm({
              title,
              category: 'plumbing',
              description: 'Kvapká batéria a treba vymeniť tesnenie pri umývadle.',
              location: 'Bratislava',
            }),
          );
          if (response.status !== 201) {
            if (server === a && killed) return;
            throw new Error(`write answered ${response.status}: ${await response.text()}`);
          }
          const { work_request } = await response.json();
          acknowledged.set(work_request.id, title);
          byServer.set(server, byServer.get(server)! + 1);
          if (killed && server === b) afterKill.push(work_request.id);
        } catch (error) {
          // A's connections die with it; B must not fail.
          if (server === a && killed) return;
          throw error;
        }
      }
    };
    const writers = Promise.all([writer(a), writer(a), writer(b), writer(b)]);
    const reach = async (test: () => boolean) => {
      while (!test()) await Promise.race([writers, new Promise((r) => setTimeout(r, 5))]);
    };
    // Both answer: then A dies with requests of its two writers under way.
    await reach(() => byServer.get(a)! >= 15 && byServer.get(b)! >= 15);
    killed = true;
    a.child.kill('SIGKILL');
    await a.exited;
    await reach(() => afterKill.length >= 10);
    stopped = true;
    await writers;

    const stored = await database.db
      .select({ id: workRequests.id, title: workRequests.title })
      .from(workRequests)
      .where(inArray(workRequests.id, [...acknowledged.keys()]));
    const titles = new Map(stored.map((row) => [row.id, row.title]));
    const missing = [...acknowledged].filter(([id, title]) => titles.get(id) !== title);
    expect(missing).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${b.port}/api/ready`)).status).toBe(200);
  });
});
