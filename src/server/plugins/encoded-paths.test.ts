import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { createClient } from '../../../tests/factories';
import { injectReadingHead } from '../../../tests/support/inject-head';
import { sessionCookieFor } from '../../../tests/support/session-cookie';
import { buildApp, type App } from '../app';
import { sessions } from '../db/schema';

/**
 * docs/security.md "Paths": the router decodes what a string test would not, so every guard must
 * run for every spelling the router accepts. This suite walks every route the app registered
 * (app.apiRoutes), so a new route is covered without editing it.
 */
let database: TestDatabase;
let app: App;
let sid: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    db: database.db,
    // Registered so that its routes are walked too; nothing here reaches the issuer.
    google: { clientId: 'id', clientSecret: 'secret', issuerUrl: 'http://127.0.0.1:9' },
  });
  await app.ready();
  const client = await createClient(database.db);
  sid = await sessionCookieFor(database.db, client.id);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const encodeFirstLetter = (segment: string) =>
  segment.replace(/[a-z]/i, (letter) => `%${letter.charCodeAt(0).toString(16)}`);

/** The route's path with every parameter filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_ID);

/**
 * Spellings of one path the router may read differently from a string test: encoded letters of
 * the prefix and of each later segment, an encoded slash after each segment, doubled slashes,
 * dot segments, upper case, a trailing `;x` or slash.
 */
function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  const rest = segments.slice(1).join('/');
  const spellings = new Set([
    `/%61pi/${rest}`,
    `/ap%69/${rest}`,
    `/%61%70%69/${rest}`,
    `/API/${rest}`,
    `/api%2f${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/${segments.join('//')}`,
    `/api/./${rest}`,
    `/api/x/%2e%2e/${rest}`,
    `${path};x`,
    `${path}%3Bx`,
    `${path}/`,
  ]);
  for (let i = 1; i < segments.length; i++) {
    const parts = [...segments];
    parts[i] = encodeFirstLetter(parts[i]!);
    spellings.add(`/${parts.join('/')}`);
    spellings.add(`/${segments.slice(0, i).join('/')}%2F${segments.slice(i).join('/')}`);
  }
  spellings.delete(path);
  return [...spellings];
}

let nextAddress = 1;
const freshAddress = () => `10.70.${nextAddress >> 8}.${nextAddress++ & 255}`;

/** What a caller learns from an answer: its status and, for an error, its code. */
async function outcome(options: InjectOptions) {
  const response = await injectReadingHead(app, { ...options, remoteAddress: freshAddress() });
  const json = String(response.headers['content-type'] ?? '').includes('json') && response.body;
  const body = json ? (JSON.parse(response.body) as { error?: string }) : {};
  return { status: response.statusCode, error: body.error ?? null };
}

const READS = new Set(['GET', 'HEAD']);

describe('every guard sees every spelling of every API route', () => {
  it('knows the routes it walks', () => {
    expect(app.apiRoutes.length).toBeGreaterThan(40);
    expect(app.apiRoutes.map((route) => route.url)).toContain('/api/auth/login');
  });

  it('refuses a write without a CSRF token under every spelling, before any handler', async () => {
    const unexpected: string[] = [];
    for (const route of app.apiRoutes.filter((r) => !READS.has(r.method))) {
      const path = concrete(route.url);
      const method = route.method as InjectOptions['method'];
      const base = { method, headers: { cookie: `sid=${sid}` }, payload: {} };
      const canonical = await outcome({ ...base, url: path });
      for (const url of spellingsOf(path)) {
        const answer = await outcome({ ...base, url });
        const refused =
          (answer.status === 403 && answer.error === 'csrf_invalid') ||
          (answer.status === 404 && answer.error === 'not_found');
        // The one exempt route (CSP reports) must then answer exactly as under its own path.
        const asCanonical = answer.status === canonical.status && answer.error === canonical.error;
        const ok = refused || (route.config.csrf === false && asCanonical);
        if (!ok) unexpected.push(`${route.method} ${url} → ${answer.status} ${answer.error}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('reads the session under every spelling, or refuses the spelling', async () => {
    // The session lookup refreshes a session last seen over a day ago: a fresh lastSeenAt after
    // an answer proves the session guard ran for it (and so the handler knew who asked).
    const [session] = await database.db.select({ id: sessions.id }).from(sessions);
    const sessionId = session!.id;
    const longAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const sessionRead = async (options: InjectOptions) => {
      await database.db
        .update(sessions)
        .set({ lastSeenAt: longAgo })
        .where(eq(sessions.id, sessionId));
      const answer = await outcome(options);
      const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sessionId));
      return { ...answer, seen: row!.lastSeenAt.getTime() > longAgo.getTime() };
    };
    const unexpected: string[] = [];
    for (const route of app.apiRoutes.filter((r) => READS.has(r.method))) {
      const path = concrete(route.url);
      const base = {
        method: route.method as InjectOptions['method'],
        headers: { cookie: `sid=${sid}` },
      };
      for (const url of [path, ...spellingsOf(path)]) {
        const answer = await sessionRead({ ...base, url });
        const refused =
          answer.status === 404 && (route.method === 'HEAD' || answer.error === 'not_found');
        if ((!answer.seen && !refused) || answer.error === 'not_authenticated') {
          unexpected.push(`${route.method} ${url} → ${answer.status} ${answer.error}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('counts every spelling of sign-in against the same limit', async () => {
    const address = freshAddress();
    const token = (
      await app.inject({ url: '/api/auth/session', remoteAddress: address })
    ).cookies.find((cookie) => cookie.name === 'csrf_token')!.value;
    const signIn = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: { cookie: `csrf_token=${token}`, 'x-csrf-token': token },
        payload: { email: 'nobody@example.test', password: 'Wrong1pass' },
      });
    // A failed sign-in costs 3 of the group's 5 points: the second spends them.
    expect((await signIn('/%61pi/auth/login')).statusCode).toBe(401);
    expect((await signIn('/ap%69/auth/%6cogin')).statusCode).toBe(401);
    expect((await signIn('/%61%70%69/auth/login')).statusCode).toBe(429);
    expect((await signIn('/api/auth/login')).statusCode).toBe(429);
  });
});
