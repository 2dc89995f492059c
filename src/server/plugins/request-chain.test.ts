import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { createClient } from '../../../tests/factories';
import { sessionCookieFor } from '../../../tests/support/session-cookie';
import { buildApp, type App } from '../app';
import { connect } from '../db/database';
import { alerts, auditEntries } from '../db/schema';
import { RATE_LIMIT_GROUPS } from './rate-limit';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

let nextAddress = 1;
const freshAddress = () => `10.60.${nextAddress >> 8}.${nextAddress++ & 255}`;

const csrfAlerts = async () =>
  (await database.db.select().from(alerts).where(eq(alerts.type, 'csrf'))).length;
const csrfAudits = async () =>
  (await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'csrf.failure')))
    .length;

describe('the request chain: request id → rate limit → session → CSRF → validation → handler', () => {
  it('counts a write without a CSRF token against the limit, and answers 429 once it is spent', async () => {
    const address = freshAddress();
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email: 'someone@example.test', password: 'Whatever1' },
      });
    for (let i = 0; i < RATE_LIMIT_GROUPS.auth.points; i++) {
      const refused = await login();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('csrf_invalid');
    }
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-request-id']).toBe(limited.json().request_id);
  });

  it('says when to come back in words that agree with the number', async () => {
    const address = freshAddress();
    const read = () => app.inject({ method: 'GET', url: '/api/version', remoteAddress: address });
    for (let i = 0; i < RATE_LIMIT_GROUPS.read.points; i++) await read();
    const limited = await read();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests. Try again in 1 minute.');
  });

  it('checks the rate limit before it reads the session', async () => {
    // With the database gone, reading a session fails (500); a spent limit must answer first.
    const unreachable = connect('postgres://postgres@127.0.0.1:1/nowhere');
    const broken = await buildApp({ db: unreachable.db });
    try {
      const address = freshAddress();
      const session = `sid=${'a'.repeat(43)}`;
      const request = () =>
        broken.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: address,
          headers: { cookie: session },
        });
      expect((await request()).statusCode).toBe(500);
      for (let i = 1; i < RATE_LIMIT_GROUPS.auth.points; i++) await request();
      expect((await request()).statusCode).toBe(429);
    } finally {
      await broken.close();
      await unreachable.pool.end();
    }
  });

  it('reads the session before the CSRF check, so a refusal names who was refused', async () => {
    const client = await createClient(database.db);
    const sid = await sessionCookieFor(database.db, client.id);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: freshAddress(),
      headers: { cookie: `sid=${sid}` },
    });
    expect(response.statusCode).toBe(403);
    const [entry] = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.httpRequestId, response.json().request_id));
    expect(entry).toMatchObject({ action: 'csrf.failure', actorId: client.id });
  });

  it('refuses a token that differs from its cookie in bytes but not in characters with 403', async () => {
    for (const [cookie, header] of [
      ['%C3%A9', 'a'],
      ['a', '\u00e9'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        remoteAddress: freshAddress(),
        headers: { cookie: `csrf_token=${cookie}`, 'x-csrf-token': header },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('csrf_invalid');
    }
  });

  it('validates the body only after the CSRF check', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshAddress(),
      payload: { email: 'not an address' },
    });
    expect(response.json().error).toBe('csrf_invalid');
  });
});

describe('the CSRF token is handed out where the page needs it', () => {
  const tokenCookie = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((cookie) => cookie.name === 'csrf_token')?.value;

  it('mints no token on an ordinary read without cookies', async () => {
    for (const url of ['/api/health', '/api/version', '/api/config', '/api/work-requests']) {
      const response = await app.inject({ url, remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(200);
      expect(tokenCookie(response)).toBeUndefined();
    }
  });

  it('gives a visitor a token with the session read, keeps a valid one and accepts it on a write', async () => {
    const address = freshAddress();
    const first = await app.inject({ url: '/api/auth/session', remoteAddress: address });
    expect(first.statusCode).toBe(401);
    const token = tokenCookie(first)!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);

    const again = await app.inject({
      url: '/api/auth/session',
      remoteAddress: address,
      cookies: { csrf_token: token },
    });
    expect(tokenCookie(again)).toBeUndefined();
    const forged = await app.inject({
      url: '/api/auth/session',
      remoteAddress: address,
      cookies: { csrf_token: 'made.up' },
    });
    expect(tokenCookie(forged)).toBeDefined();
    expect(tokenCookie(forged)).not.toBe('made.up');

    const write = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: address,
      cookies: { csrf_token: token },
      headers: { 'x-csrf-token': token },
    });
    expect(write.json().error).not.toBe('csrf_invalid');
  });
});

describe('refusals cost a counter, not a row each', () => {
  it('records repeated CSRF refusals from one address once per window', async () => {
    const [alertsBefore, auditsBefore] = [await csrfAlerts(), await csrfAudits()];
    const address = freshAddress();
    const writes = [
      ['POST', '/api/auth/logout'],
      ['PUT', '/api/users/language'],
      ['PATCH', '/api/users/disable'],
      ['DELETE', '/api/users/account'],
      ['POST', '/api/bids'],
      ['POST', '/api/no-such-route'],
    ] as const;
    for (let i = 0; i < 30; i++) {
      const [method, url] = writes[i % writes.length]!;
      const response = await app.inject({ method, url, remoteAddress: address });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await csrfAlerts()).toBe(alertsBefore + 1);
    expect(await csrfAudits()).toBe(auditsBefore + 1);
    const [alert] = await database.db
      .select()
      .from(alerts)
      .where(eq(alerts.type, 'csrf'))
      .orderBy(alerts.createdAt)
      .limit(1);
    expect(alert!.message).toContain('not recorded for 15 minutes');

    // Another address is another first refusal.
    await app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: freshAddress() });
    expect(await csrfAlerts()).toBe(alertsBefore + 2);
  });

  it('records CSP reports from one address once per window', async () => {
    const before = (await database.db.select().from(alerts).where(eq(alerts.type, 'csp'))).length;
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/csp-report',
        remoteAddress: address,
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify({
          'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': `https://x${i}.test` },
        }),
      });
      expect(response.statusCode).toBe(204);
    }
    const after = (await database.db.select().from(alerts).where(eq(alerts.type, 'csp'))).length;
    expect(after).toBe(before + 1);
  });
});
