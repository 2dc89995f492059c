// The bare side of `npm run bench:api`, a process of its own: plain Fastify (no plugins, no
// hooks, no logger) and one `pg` Pool of the app's size and session options. For each URL the
// app was captured answering, it replays the app's statements (same text, parameters, prepared
// names, transactions and concurrency) and then sends the app's JSON body for that URL, which
// Fastify serializes with JSON.stringify on every request.
//
// With BARE_HEADERS=1 it also sends the header lines the app sent with that answer (security
// headers, Cache-Control) and the request's X-Request-Id, as the app does: what those lines alone
// cost, which no app sending them can beat.
//
// usage: tsx scripts/bench-api/bare-server.ts SPEC.json   (BARE_PORT, BARE_DATABASE_URL, BARE_HEADERS)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { BareSpec } from './capture';
import type { Statement, Unit, WireValue } from './plan';

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BareSpec;
const pool = new pg.Pool({
  connectionString: process.env.BARE_DATABASE_URL,
  max: spec.pool.max,
  ...(spec.pool.options ? { options: spec.pool.options } : {}),
});
pool.on('error', () => {});

const wire = (value: WireValue) =>
  value !== null && typeof value === 'object' ? Buffer.from(value.base64, 'base64') : value;
const config = (statement: Statement): pg.QueryConfig => ({
  text: statement.text,
  ...(statement.values ? { values: statement.values.map(wire) } : {}),
  ...(statement.name ? { name: statement.name } : {}),
  ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
});

async function run(unit: Unit) {
  if (!unit.transaction) {
    for (const statement of unit.statements) await pool.query(config(statement));
    return;
  }
  const client = await pool.connect();
  try {
    for (const statement of unit.statements) await client.query(config(statement));
  } finally {
    client.release();
  }
}

const withHeaders = process.env.BARE_HEADERS === '1';
const endpoints = new Map(spec.endpoints.map((endpoint) => [endpoint.url, endpoint]));
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const endpoint = endpoints.get(request.url);
  if (!endpoint) return reply.code(404).send({ error: 'not_found' });
  for (const wave of endpoint.plan) await Promise.all(wave.map(run));
  if (withHeaders) {
    const id = request.headers['x-request-id'];
    reply
      .headers(endpoint.headers)
      .header('x-request-id', typeof id === 'string' ? id : randomUUID());
  }
  return reply.code(endpoint.status).send(endpoint.body);
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
console.log('bare server ready');
const stop = () => void app.close().then(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
