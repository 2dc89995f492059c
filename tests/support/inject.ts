import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Readable } from 'node:stream';

interface Injecting {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The first bytes of a stream that does not end by itself (a live event stream). */
function firstChunk(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    stream.once('data', (chunk: Buffer) => resolve(Buffer.from(chunk)));
    stream.once('end', () => resolve(Buffer.alloc(0)));
    stream.once('error', reject);
  });
}

/**
 * `app.inject` for suites that call every route: an answer is read whole, except a Server-Sent
 * Events stream (`GET /api/live`), which never ends by itself: its status, headers and first
 * bytes are what such a suite checks, and then the reader goes away as a browser would.
 */
export async function injectAnswer(
  app: Injecting,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const live = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const raw = live ? await firstChunk(stream) : Buffer.concat(await stream.toArray());
  if (live) {
    // The reader leaves: the server sees its connection close, as when a tab is closed.
    response.raw.res.destroy();
    stream.destroy();
  }
  const payload = raw.toString();
  return Object.assign(response, {
    rawPayload: raw,
    payload,
    body: payload,
    json: () => JSON.parse(payload) as unknown,
  });
}
