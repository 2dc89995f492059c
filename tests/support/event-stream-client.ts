import http from 'node:http';

/** One event as a browser's EventSource would see it (plus comments, which it ignores). */
export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  retry: number | undefined;
  data: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Events with data, in order of arrival. */
  events: ReceivedEvent[];
  /** Blocks without data: the opening (`retry:` and `id:`) and the parting words. */
  controls: ReceivedEvent[];
  /** Comment lines (heartbeats). */
  comments: number;
  /** Everything the server sent, as text. */
  text(): string;
  /** The body of a refusal (JSON), once it has ended. */
  body(): Promise<string>;
  /** Resolves with the first event matching, or rejects after `ms`. */
  next(match: (event: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream or cuts it (with when). */
  ended: Promise<number>;
  /** When it ended, if it has. */
  endedAt: number | undefined;
  close(): void;
}

/**
 * A real HTTP connection to `GET /api/live` read as a browser's EventSource reads it: blocks of
 * `field: value` lines, ended by a blank line.
 */
export function openEventStream(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string | number; path?: string } = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
    const request = http.get(`${baseUrl}${options.path ?? '/api/live'}`, { headers }, (res) => {
      let raw = '';
      let buffer = '';
      const waiters: {
        match: (e: ReceivedEvent) => boolean;
        resolve: (e: ReceivedEvent) => void;
      }[] = [];
      let endedAt: (at: number) => void = () => {};
      const whole = new Promise<string>((done) => res.once('end', () => done(raw)));
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        controls: [],
        comments: 0,
        text: () => raw,
        body: () => whole,
        next(match, ms = 5_000) {
          const found = stream.events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no such event within ${ms} ms`)), ms);
            waiters.push({
              match,
              resolve: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        ended: new Promise((done) => (endedAt = done)),
        endedAt: undefined,
        close: () => request.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ReceivedEvent = {
            event: 'message',
            id: undefined,
            retry: undefined,
            data: '',
            at: Date.now(),
          };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              stream.comments++;
              continue;
            }
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'retry') event.retry = Number(value);
            else if (field === 'data') {
              event.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (!hasData) {
            if (event.id !== undefined || event.retry !== undefined) stream.controls.push(event);
            continue;
          }
          stream.events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      const end = () => {
        stream.endedAt ??= Date.now();
        endedAt(stream.endedAt);
      };
      res.on('close', end);
      res.on('error', end);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** The JSON of an event's data. */
export const dataOf = <T = Record<string, unknown>>(event: ReceivedEvent) =>
  JSON.parse(event.data) as T;
