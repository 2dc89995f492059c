import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app';

/** The first event of a stream arrives within this; a stream that says nothing is left then. */
const FIRST_EVENT_MS = 5_000;

/**
 * `app.inject`, except that an event stream (`text/event-stream`, which never ends by itself) is
 * read only up to its first event, then left as a closed browser tab leaves it: the suites that
 * walk every route (authorization matrix, fuzzing, paths, caching) see its status, headers and
 * opening words like any other answer's. Every other answer is read whole, as before.
 * (A HEAD has no body to read: it is injected as it always was.)
 */
export async function injectReadingHead(
  app: App,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  // Only a read can be a stream; every other call is injected as it always was.
  if (!['GET', undefined].includes(options.method?.toUpperCase())) return app.inject(options);
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const streaming = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const rawPayload = streaming
    ? await readFirstEvent(stream, () => response.raw.res.destroy())
    : await readAll(stream);
  const payload = rawPayload.toString();
  return Object.assign(response, {
    rawPayload,
    payload,
    body: payload,
    json: () => JSON.parse(payload) as unknown,
    stream: () => Readable.from([rawPayload]),
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Reads up to the first blank line (the end of the first event), then hangs up. */
function readFirstEvent(stream: Readable, hangUp: () => void): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      stream.removeAllListeners('data');
      stream.on('error', () => {});
      hangUp();
      resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(finish, FIRST_EVENT_MS);
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (Buffer.concat(chunks).includes('\n\n')) finish();
    });
    stream.once('end', finish);
    stream.once('error', finish);
  });
}
