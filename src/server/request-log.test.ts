import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { buildApp, type App, type AppDeps } from './app';

let database: TestDatabase;
const apps: App[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
});

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

/** An app whose log lines (info and above) are kept, parsed. */
async function loggedApp(deps: Partial<AppDeps>) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ db: database.db, logger: { level: 'info', stream }, ...deps });
  apps.push(app);
  const answer = (url: string) => app.inject({ method: 'GET', url });
  return { lines, answer };
}

// Every line written for a request carries its id (Fastify's own request lines too).
const requestLines = (lines: Line[]) => lines.filter((line) => line.reqId !== undefined);

describe('the request log', () => {
  it('writes no line for a quick answer by default', async () => {
    const { lines, answer } = await loggedApp({});
    expect((await answer('/api/version')).statusCode).toBe(200);
    expect((await answer('/api/no-such-thing')).statusCode).toBe(404);
    expect(requestLines(lines)).toEqual([]);
  });

  it('writes one line per answer with LOG_REQUESTS: method, address, status, time, request id', async () => {
    const { lines, answer } = await loggedApp({ logRequests: true });
    const version = await answer('/api/version');
    const missing = await answer('/api/no-such-thing?x=1');
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'answered',
        method: 'GET',
        url: '/api/version',
        status: 200,
        reqId: version.headers['x-request-id'],
      }),
      expect.objectContaining({
        msg: 'answered',
        url: '/api/no-such-thing?x=1',
        status: 404,
        reqId: missing.headers['x-request-id'],
      }),
    ]);
    expect(requestLines(lines)[0]!.ms).toBeGreaterThan(0);
  });

  it('warns of a slow answer even when requests are not logged', async () => {
    const { lines, answer } = await loggedApp({ slowAnswerMs: 0 });
    await answer('/api/version');
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({ level: 40, msg: 'slow answer', url: '/api/version', status: 200 }),
    ]);
  });
});
