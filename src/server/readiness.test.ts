import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { freePort } from '../../tests/support/processes';
import { buildApp, type App } from './app';
import { connect } from './db/database';
import { RATE_LIMIT_GROUPS } from './plugins/rate-limit';
import { diskStorage } from './storage/storage';

let database: TestDatabase;
let redisServer: ChildProcess;
let redisPort: number;
const opened: { close(): Promise<unknown> | void }[] = [];
let folder: string;

/** A Redis client as main.ts makes it: no offline queue, so a lost server fails at once. */
function redisClient(port: number): Redis {
  const client = new Redis(port, '127.0.0.1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  client.on('error', () => {});
  opened.push({ close: () => client.disconnect() });
  return client;
}

async function appWith(deps: Partial<Parameters<typeof buildApp>[0]>): Promise<App> {
  const app = await buildApp({
    db: database.db,
    storage: diskStorage(fs.mkdtempSync(path.join(folder, 'files-'))),
    ...deps,
  });
  opened.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-ready-'));
  redisPort = await freePort();
  redisServer = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''],
    { stdio: 'ignore' },
  );
  const probe = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {}); // refused until the server listens
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await probe.connect();
      break;
    } catch {
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
});

afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
  redisServer.kill();
  await database.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('GET /api/ready', () => {
  it('answers ready when the database, Redis and the storage all answer', async () => {
    // As in a running server: the connection is up before the question comes (no offline queue).
    const redis = redisClient(redisPort);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    const app = await appWith({ redis });
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'up',
      redis: 'up',
      storage: 'up',
    });
    // Still an API answer: behind the request chain, never cached.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('says Redis is not configured when the instance runs without it', async () => {
    const app = await appWith({});
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', redis: 'not_configured' });
  });

  it('answers 503 naming Redis when Redis does not answer', async () => {
    const closedPort = await freePort();
    const app = await appWith({ redis: redisClient(closedPort) });
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toEqual({
      error: 'service_unavailable',
      message: 'Not ready: redis did not answer.',
      request_id: response.headers['x-request-id'],
      status: 'unavailable',
      database: 'up',
      redis: 'down',
      storage: 'up',
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|Error/);
    // The liveness check does not look at Redis: the process is alive, only not ready.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming the storage when its folder cannot be written', async () => {
    const file = path.join(folder, 'not-a-folder');
    fs.writeFileSync(file, '');
    const app = await appWith({ storage: diskStorage(path.join(file, 'files')) });
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: 'service_unavailable',
      message: 'Not ready: storage did not answer.',
      storage: 'down',
      database: 'up',
    });
    expect(response.body).not.toMatch(/ENOTDIR|not-a-folder/);
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const unreachable = connect('postgres://postgres@127.0.0.1:1/nowhere');
    opened.push({ close: () => unreachable.pool.end() });
    const app = await appWith({ db: unreachable.db });
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: 'Not ready: database did not answer.',
      database: 'down',
      storage: 'up',
    });
  });

  it('counts in the per-address read limit like every API read', async () => {
    const app = await appWith({});
    const probe = { url: '/api/ready', remoteAddress: '198.51.100.23' };
    for (let i = 0; i < RATE_LIMIT_GROUPS.read.points; i++) {
      expect((await app.inject(probe)).statusCode).toBe(200);
    }
    const limited = await app.inject(probe);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
  });
});
