import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { dribble as rawDribble } from '../../tests/support/raw-connection';
import { buildApp, type App } from './app';
import { BODY_LIMITS } from './body-limits';
import type { ServerTimeouts } from './timeouts';

/** docs/security.md "Slow clients": short deadlines here, the same mechanism as in production. */
const TIMEOUTS: ServerTimeouts = {
  requestMs: 1500,
  headersMs: 600,
  idleMs: 5000,
  keepAliveMs: 800,
};
/** Node checks deadlines on a timer; allow for it and for a busy machine. */
const SLACK_MS = 1000;

let database: TestDatabase;
let app: App;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, timeouts: TIMEOUTS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A raw connection to this file's app (tests/support/raw-connection.ts). */
const dribble = (head: string, drip?: string, everyMs?: number) =>
  rawDribble(port, head, drip, everyMs);

/** All the server said to `bytes` before it closed the connection. */
const sendRaw = async (bytes: string) => (await dribble(bytes)).answer;

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
const unreadable = (saying: string) => ({
  error: 'bad_request',
  message: expect.stringContaining(saying),
});

async function timedHealthCheck() {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: response.status, tookMs: Date.now() - started };
}

describe('slow clients', () => {
  it('closes a body sent a byte at a time within the request time-out, while serving others', async () => {
    const body = JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(400) } });
    const head = [
      'POST /api/csp-report HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    const slow = Array.from({ length: 5 }, () => dribble(head, body, 100));

    const others = [];
    for (let i = 0; i < 8; i++) {
      others.push(await timedHealthCheck());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const other of others) {
      expect(other.status).toBe(200);
      expect(other.tookMs).toBeLessThan(2000);
    }

    for (const { livedMs, answer } of await Promise.all(slow)) {
      // The whole body would take 40 s at this pace.
      expect(livedMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
      expect(livedMs).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS);
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
      if (answer !== '') expect(bodyOf(answer)).toEqual(unreadable('did not arrive in time'));
    }
  });

  it('closes a client that sends its headers a byte at a time within the header time-out', async () => {
    const { livedMs } = await dribble(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: ' + 'a'.repeat(200),
      50,
    );
    expect(livedMs).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('closes an idle kept-alive connection after the keep-alive time-out', async () => {
    const { livedMs, answer } = await dribble(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      '',
      1000,
    );
    // Node itself waits one more second than asked before closing an idle kept-alive socket.
    const nodeGraceMs = 1000;
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(livedMs).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 100);
    expect(livedMs).toBeLessThan(TIMEOUTS.keepAliveMs + nodeGraceMs + SLACK_MS);
  });
});

describe('large bodies', () => {
  it('reads no more of a body than its route needs', async () => {
    const token = (await app.inject({ url: '/api/auth/session' })).cookies.find(
      (cookie) => cookie.name === 'csrf_token',
    )!.value;
    const withToken = { cookie: `csrf_token=${token}`, 'x-csrf-token': token };
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.80.0.1',
        headers: withToken,
        payload: { email: 'a@example.test', password },
      });
    const tooLarge = await signIn('x'.repeat(BODY_LIMITS.shortForm));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('payload_too_large');

    const profile = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      remoteAddress: '10.80.0.2',
      headers: withToken,
      payload: { bio: 'x'.repeat(BODY_LIMITS.json) },
    });
    expect(profile.statusCode).toBe(413);
  });
});

describe('requests that cannot be read', () => {
  it('answers an address over 16 KiB with 431 in the app shape, and closes the connection', async () => {
    const answer = await sendRaw(
      `GET /api/places?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(bodyOf(answer)).toEqual(unreadable('too long'));
  });

  it('answers bytes that are not HTTP with 400 in the app shape, and serves the next client', async () => {
    for (const bytes of ['HELLO THERE\r\n\r\n', '\0\0\0\r\n\r\n']) {
      const answer = await sendRaw(bytes);
      expect(answer).toMatch(/^HTTP\/1.1 400 /);
      expect(bodyOf(answer)).toEqual(unreadable('could not be read'));
    }
    expect((await timedHealthCheck()).status).toBe(200);
  });
});
