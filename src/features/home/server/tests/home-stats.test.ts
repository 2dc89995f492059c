import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createClient,
  createProvider,
  createWorkRequest,
} from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import { reviews } from '../../../../server/db/schema';
import { cachedFor } from '../home.service';

let database: TestDatabase;
let app: App;
const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const db = database.db;
  const client = await createClient(db);
  const disabledClient = await createClient(db, { accountStatus: 'disabled' });

  // Counted: open, listed, posted within the week (ten: enough to be shown).
  await createWorkRequest(db, client, { createdAt: daysAgo(0) });
  await createWorkRequest(db, client, { createdAt: daysAgo(6.9) });
  for (let day = 0; day < 8; day++)
    await createWorkRequest(db, client, { createdAt: daysAgo(day * 0.8) });
  // Not counted: older than a week, no longer open, or from a disabled client (not listed).
  await createWorkRequest(db, client, { createdAt: daysAgo(7.1) });
  await createWorkRequest(db, client, { status: 'ASSIGNED', createdAt: daysAgo(1) });
  await createWorkRequest(db, client, { status: 'CANCELLED', createdAt: daysAgo(1) });
  await createWorkRequest(db, disabledClient, { createdAt: daysAgo(1) });

  const active = await createProvider(db, { name: 'Aktívny Majster' });
  const another = await createProvider(db, { name: 'Druhý Majster' });
  for (let n = 0; n < 8; n++) await createProvider(db);
  const suspended = await createAccount(db, 'provider', { accountStatus: 'suspended' });
  await createAccount(db, 'provider', { accountStatus: 'disabled' });
  await createAccount(db, 'administrator');

  // Shown: reviews of active providers, even one whose client has gone. Hidden: a suspended one's.
  await db.insert(reviews).values([
    { providerId: active.id, clientId: client.id, rating: 5 },
    { providerId: active.id, clientId: null, rating: 4 },
    { providerId: another.id, clientId: client.id, rating: 3 },
    { providerId: suspended.id, clientId: client.id, rating: 1 },
  ]);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('GET /api/stats/home', () => {
  it('counts open requests of this week, active providers and their reviews, publicly cacheable; a figure too small to show is null', async () => {
    const response = await new Agent(app).get('/api/stats/home');
    expect(response.statusCode).toBe(200);
    // Three reviews are counted, too few to show.
    expect(response.json()).toEqual({ open_requests_this_week: 10, providers: 10, reviews: null });
    expect(response.headers['cache-control']).toMatch(/^public, max-age=60, s-maxage=60$/);
  });
});

describe('cachedFor', () => {
  it('answers from memory within its time and counts again after it, never keeping a failure', async () => {
    let now = 0;
    let calls = 0;
    let fail = true;
    const read = cachedFor(
      1000,
      async () => {
        calls += 1;
        if (fail) throw new Error('database away');
        return calls;
      },
      () => now,
    );
    await expect(read()).rejects.toThrow('database away');
    fail = false;
    expect(await read()).toBe(2);
    now = 999;
    expect(await read()).toBe(2);
    now = 1000;
    expect(await read()).toBe(3);
  });
});
