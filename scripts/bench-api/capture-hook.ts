// Loaded into the built server (`node --import tsx --import ./capture-hook.ts dist/server/main.js`)
// for the capture phase of `npm run bench:api`: every statement any `pg` client sends is written
// to BENCH_CAPTURE_FILE as one JSON line, with its parameters as sent on the wire, the client it
// went through, when it started and ended, and the HTTP request whose work sent it (none for
// the app's own timers: clean-ups, retention). Nothing else in the server changes.
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { CapturedStatement } from './plan';

const file = process.env.BENCH_CAPTURE_FILE;
if (!file) throw new Error('BENCH_CAPTURE_FILE is not set');

// pg's own conversion of a parameter to its text form (Dates, arrays, JSON), as it sends it.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

// Each incoming request numbers the asynchronous work that follows from it.
const requests = new AsyncLocalStorage<number>();
let requestCount = 0;
diagnostics.subscribe('http.server.request.start', () => requests.enterWith(++requestCount));

const clients = new WeakMap<object, number>();
let clientCount = 0;
const now = () => performance.timeOrigin + performance.now();

interface QueryConfig {
  text?: string;
  values?: unknown[];
  name?: string;
  rowMode?: string;
  submit?: unknown;
}

type Callback = (error: Error | null, result: unknown) => void;

// The pool's size and session options, once per pool, so the bare routes get the same.
const pools = new WeakSet<object>();
const poolConnect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
pg.Pool.prototype.connect = function connect(this: pg.Pool, ...args: unknown[]) {
  if (!pools.has(this)) {
    pools.add(this);
    const { max, options } = this.options as { max?: number; options?: string };
    fs.appendFileSync(file, `${JSON.stringify({ pool: { max: max ?? 10, options } })}\n`);
  }
  return poolConnect.apply(this, args);
} as typeof pg.Pool.prototype.connect;

const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function capture(this: object, ...args: unknown[]) {
  const [first, second] = args;
  const config: QueryConfig = typeof first === 'string' ? { text: first } : (first as QueryConfig);
  const values = Array.isArray(second) ? second : config.values;
  if (!clients.has(this)) clients.set(this, ++clientCount);
  const record: CapturedStatement = {
    client: clients.get(this)!,
    request: requests.getStore(),
    start: now(),
    end: 0,
    text: config.text ?? '',
    ...(values
      ? {
          values: values.map((value) => {
            const prepared = prepareValue(value);
            return Buffer.isBuffer(prepared) ? { base64: prepared.toString('base64') } : prepared;
          }),
        }
      : {}),
    ...(config.name ? { name: config.name } : {}),
    ...(config.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
    ...(config.submit && !config.text ? { stream: true } : {}),
  };
  const done = (error: unknown) => {
    record.end = now();
    if (error) record.error = (error as Error).message;
    fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
  };
  // A callback is the last argument (pg-pool's query passes one); else a promise comes back.
  const callback = args.at(-1);
  if (typeof callback === 'function') {
    args[args.length - 1] = ((error, result) => {
      done(error);
      (callback as Callback)(error, result);
    }) satisfies Callback;
    return original.apply(this, args);
  }
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function')
    (result as Promise<unknown>).then(
      () => done(null),
      (error: unknown) => done(error),
    );
  else done(null);
  return result;
} as typeof pg.Client.prototype.query;
