import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../tests/support/processes';
import { redisResponseCounts } from '../metrics';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
let server: ChildProcess | undefined;
let port = 0;
const clients: Redis[] = [];
const log = { warn: () => {} } as never;

beforeAll(async () => {
  if (!hasRedis) return;
  port = await freePort();
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {}); // refused until the server listens
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      break;
    } catch {
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  clients.push(probe);
});

afterAll(() => {
  for (const client of clients) client.disconnect();
  server?.kill();
});

describe.skipIf(!hasRedis)('response counts in Redis', () => {
  it('add up the error answers of every instance', async () => {
    const a = new Redis(port, '127.0.0.1');
    const b = new Redis(port, '127.0.0.1');
    clients.push(a, b);
    const first = redisResponseCounts(a, log);
    const second = redisResponseCounts(b, log);
    const t = new Date('2026-11-23T10:00:30Z');
    first.record(404, t);
    first.record(200, t);
    second.record(401, t);
    second.record(502, new Date('2026-11-23T09:59:59Z'));
    await expect
      .poll(async () => (await second.lastMinutes(new Date('2026-11-23T10:00:40Z'), 60))[59])
      .toEqual({ minute: new Date('2026-11-23T10:00:00Z'), '4xx': 2, '5xx': 0 });
    const hour = await first.lastMinutes(new Date('2026-11-23T10:00:40Z'), 60);
    expect(hour).toHaveLength(60);
    expect(hour[58]).toEqual({ minute: new Date('2026-11-23T09:59:00Z'), '4xx': 0, '5xx': 1 });
    const ttl = await a.ttl('majstri:responses:4xx:' + Math.floor(t.getTime() / 60_000));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(7200);
  });
});
