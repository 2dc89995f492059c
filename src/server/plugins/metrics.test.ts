import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../tests/factories';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { HOUR_IN_SECONDS, TEST_JOB_SETTINGS } from '../../../tests/support/accounts-app';
import { Agent } from '../../../tests/support/agent';
import { retriesDueNow } from '../../../tests/support/job-queue-clock';
import { buildApp, type App } from '../app';
import { QUEUES } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';

const TOKEN = 'scrape-token-0123456789abcdef';

let database: TestDatabase;
let app: App;
const brokenMailer: Mailer = {
  kind: 'smtp',
  send: () => Promise.reject(new Error('SMTP server refused the connection')),
};

/** One sample of the scrape text, e.g. `http_requests_total{…route="/api/health"…}`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) &&
        Object.entries(labels).every(([key, value]) => candidate.includes(`${key}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

async function scrape(target: App = app) {
  return target.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    db: database.db,
    pool: database.pool,
    metricsToken: TOKEN,
    mailer: brokenMailer,
    // One retry, when the test moves the queue's clock, then the mail is given up.
    jobs: TEST_JOB_SETTINGS({ limit: 1, delaySeconds: HOUR_IN_SECONDS }),
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await buildApp({ db: database.db });
    const response = await plain.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_requests_total');
    await plain.close();
  });

  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'not_authenticated' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts answers per route pattern and status, never per raw path', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      // Signed out: refused, but by the route's pattern all the same.
      expect((await app.inject({ url: `/api/work-requests/${id}` })).statusCode).toBe(401);
    }
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/health' });
    await app.inject({ url: `/api/no-such-endpoint/${ids[0]}` });
    await app.inject({ url: `/no-such-page-${ids[1]}.php` });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/work-requests/:id',
        status: '401',
      }),
    ).toBe(2);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBe(2);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: 'not_found', status: '404' }),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status: '200',
      }),
    ).toBe(2);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('no-such');
  });

  it('shows the database pool, the process and the event loop', async () => {
    await app.inject({ url: '/api/health' });
    const text = (await scrape()).body;
    expect(text).toMatch(/^db_pool_connections [1-9]\d*$/m);
    expect(text).toMatch(/^db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_clients \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts mails given up after their last attempt, and shows the queue', async () => {
    const { email } = await createAccount(database.db, 'client');
    const agent = new Agent(app);
    const response = await agent.post('/api/password-reset/request-reset', { email });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(
        async () => {
          await retriesDueNow(database.db, QUEUES.mail);
          return sample((await scrape()).body, 'mail_failures_total', { kind: 'reset' });
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const text = (await scrape()).body;
    expect(sample(text, 'job_queue_jobs', { queue: 'mail', state: 'failed' })).toBe(1);
    expect(sample(text, 'job_queue_jobs', { queue: 'mail', state: 'waiting' })).toBeUndefined();
  });
});
