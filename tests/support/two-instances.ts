import { Redis } from 'ioredis';
import type { RunningServer } from './processes';

/**
 * What tests/integration/two-instances.test.ts talks to its two app processes with: a Redis
 * database of its own and browsers that go to either instance.
 */

/** The Redis server the test borrows one empty database of (docs/testing.md). */
export const REDIS = (process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '');

/**
 * A Redis database of the test's own: the first of 1–15 that is empty, claimed with a marker
 * key so that a parallel run picks another. Flushed (only it) at the end.
 */
export async function claimRedisDatabase(): Promise<number> {
  for (let db = 15; db >= 1; db--) {
    const redis = new Redis(`${REDIS}/${db}`, { lazyConnect: true });
    try {
      await redis.connect();
      const claimed = await redis.set('majstri-two-instances-test', String(process.pid), 'NX');
      if (claimed && (await redis.dbsize()) === 1) return db;
      if (claimed) await redis.del('majstri-two-instances-test');
    } finally {
      redis.disconnect();
    }
  }
  throw new Error('no empty Redis database (1–15) for the test');
}

let addresses = 0;
/** A client address of its own (the rate limits count per address). */
const newAddress = () => {
  const n = ++addresses;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};

/** One browser talking to either instance: keeps its cookies, sends CSRF on writes. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly address = newAddress()) {}

  async send(
    server: RunningServer,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('csrf_token'))
      await this.send(server, 'GET', '/api/auth/session');
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('csrf_token')!;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
      method,
      headers,
      ...(payload ? { body: payload } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
