import type net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dribble } from '../../tests/support/raw-connection';
import { answerUnreadableRequest } from './client-errors';
import { timeoutOptions } from './timeouts';

// A server that begins its answer before the request's body has arrived (an `onRequest` hook
// writing the head, as a streamed answer would); the body never comes whole, so the route's
// handler never runs and Node's request time-out gives up on the request.
const app = Fastify({
  clientErrorHandler: answerUnreadableRequest,
  ...timeoutOptions({ requestMs: 500, headersMs: 400, idleMs: 5000, keepAliveMs: 800 }),
});
app.addContentTypeParser('text/plain', (_request, payload, done) => {
  payload.on('end', () => done(null, ''));
});
app.post('/early', (_request, reply) => reply.send('the whole body came'));
app.addHook('onRequest', (request, reply, done) => {
  if (request.url !== '/early') return done();
  reply.raw.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
  reply.raw.write('begun');
  done();
});

let port: number;
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

it('closes a connection whose answer has begun without writing a second status line into it', async () => {
  const { answer } = await dribble(
    port,
    'POST /early HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nhalf',
  );
  expect(answer).toMatch(/^HTTP\/1.1 200 /);
  expect(answer).toContain('begun');
  expect(answer.match(/HTTP\/1.1 /g)).toHaveLength(1);
});
