import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { buildApp, type App } from './app';
import { RATE_LIMIT_GROUPS } from './plugins/rate-limit';

let database: TestDatabase;
let behindOneProxy: App;
let behindKnownProxies: App;

beforeAll(async () => {
  database = await createTestDatabase();
  behindOneProxy = await buildApp({ db: database.db, trustProxy: 1 });
  behindKnownProxies = await buildApp({ db: database.db, trustProxy: ['10.0.0.0/8'] });
});

afterAll(async () => {
  await behindOneProxy.close();
  await behindKnownProxies.close();
  await database.drop();
});

/** A sign-in attempt (refused for its missing CSRF token) arriving through the proxy. */
const signIn = (app: App, remoteAddress: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'someone@example.test', password: 'Whatever1' },
  });

describe('the client address behind a proxy', () => {
  it('counts a client who changes the left-most X-Forwarded-For entry as one client (TRUST_PROXY=1)', async () => {
    for (let i = 0; i < RATE_LIMIT_GROUPS.auth.points; i++) {
      const spoofed = `198.51.100.${i + 1}, 203.0.113.7`;
      expect((await signIn(behindOneProxy, '10.0.0.1', spoofed)).statusCode).toBe(403);
    }
    const limited = await signIn(behindOneProxy, '10.0.0.1', '198.51.100.99, 203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');

    // The address the proxy itself appended is the client: another one is not limited.
    expect((await signIn(behindOneProxy, '10.0.0.1', '198.51.100.1, 203.0.113.8')).statusCode).toBe(
      403,
    );
  });

  it('counts every address of one IPv6 /64 as one client, and the next /64 as another', async () => {
    for (let i = 0; i < RATE_LIMIT_GROUPS.auth.points; i++) {
      const fresh = `2001:db8:77:1:${(i + 1).toString(16)}::${i + 1}`;
      expect((await signIn(behindOneProxy, '10.0.0.1', fresh)).statusCode).toBe(403);
    }
    const limited = await signIn(behindOneProxy, '10.0.0.1', '2001:db8:77:1:ffff::1');
    expect(limited.statusCode).toBe(429);
    expect((await signIn(behindOneProxy, '10.0.0.1', '2001:db8:77:2::1')).statusCode).toBe(403);
  });

  it('takes the first address not of a listed proxy as the client (TRUST_PROXY=10.0.0.0/8)', async () => {
    for (let i = 0; i < RATE_LIMIT_GROUPS.auth.points; i++) {
      const spoofed = `198.51.100.${i + 1}, 203.0.113.20, 10.1.1.1`;
      expect((await signIn(behindKnownProxies, '10.0.0.1', spoofed)).statusCode).toBe(403);
    }
    const limited = await signIn(behindKnownProxies, '10.0.0.1', '192.0.2.1, 203.0.113.20');
    expect(limited.statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    for (let i = 0; i < RATE_LIMIT_GROUPS.auth.points; i++) {
      const forged = `203.0.113.${100 + i}`;
      expect((await signIn(behindKnownProxies, '192.0.2.50', forged)).statusCode).toBe(403);
    }
    expect((await signIn(behindKnownProxies, '192.0.2.50', '203.0.113.200')).statusCode).toBe(429);
  });
});
