import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers `generateContent`:
 * - `grounded`: a paragraph with Google Search grounding, whose chunks hold a duplicate, a
 *   non-http address and a page without a title (the server must clean them up);
 * - `invalid_key` / `permission_denied`: Gemini's own error answers for those cases;
 * - `slow`: answers only after `slowMs` (past the app's time-out).
 */
export type FakeGeminiMode = 'grounded' | 'invalid_key' | 'permission_denied' | 'slow';

export const FAKE_GEMINI_MODES: readonly FakeGeminiMode[] = [
  'grounded',
  'invalid_key',
  'permission_denied',
  'slow',
];

/** What every grounded answer cites, after the app's clean-up (the journey checks the links). */
export const FAKE_GEMINI_SOURCES = [
  { url: 'https://reviews.example.test/elektro-novak', title: 'Elektro Novák – reviews' },
  { url: 'https://news.example.test/zilina/2024', title: 'news.example.test' },
] as const;

export interface RecordedRequest {
  /** e.g. /v1beta/models/gemini-2.5-flash:generateContent */
  path: string;
  /** The API key header the client sent. */
  apiKey: string | undefined;
  body: unknown;
}

export interface FakeGemini {
  /** The base URL to give the app as GEMINI_BASE_URL. */
  url: string;
  /** Every generateContent body received, oldest first. */
  requests: RecordedRequest[];
  setMode(mode: FakeGeminiMode): void;
  close(): Promise<void>;
}

/** The paragraph of the nth grounded answer: each generation differs, so a second click shows. */
export const fakeStatement = (n: number) =>
  `Elektro Novák is well reviewed online for careful electrical work in Žilina (answer ${n}).`;

function groundedAnswer(n: number) {
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text: `${fakeStatement(n)}\n` }] },
        finishReason: 'STOP',
        groundingMetadata: {
          webSearchQueries: ['Elektro Novák Žilina reviews'],
          groundingChunks: [
            { web: { uri: FAKE_GEMINI_SOURCES[0].url, title: FAKE_GEMINI_SOURCES[0].title } },
            { web: { uri: FAKE_GEMINI_SOURCES[0].url, title: 'The same page again' } },
            { web: { uri: 'ftp://files.example.test/list.txt', title: 'Not a web page' } },
            { web: { uri: 'javascript:alert(1)', title: 'A trap' } },
            { web: { uri: FAKE_GEMINI_SOURCES[1].url } },
          ],
        },
      },
    ],
    usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 40, totalTokenCount: 160 },
    modelVersion: 'gemini-2.5-flash',
  };
}

const ERRORS = {
  invalid_key: {
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
      },
    },
  },
  permission_denied: {
    status: 403,
    body: {
      error: {
        code: 403,
        message: 'Permission denied: Consumer has been suspended.',
        status: 'PERMISSION_DENIED',
      },
    },
  },
} as const;

/**
 * A real HTTP server on 127.0.0.1 answering like Gemini's `generateContent` REST endpoint.
 * Besides `setMode`, it takes `POST /__mode` with `{ "mode": …, "delayMs"?: ≤ 1500 }` and answers `GET /__requests`
 * with the recorded bodies, so browser journeys in other processes can drive it too.
 */
export async function startFakeGemini(
  options: { mode?: FakeGeminiMode; slowMs?: number } = {},
): Promise<FakeGemini> {
  let mode: FakeGeminiMode = options.mode ?? 'grounded';
  const slowMs = options.slowMs ?? 5_000;
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let answered = 0;
  /** A grounded answer waits this long first (a journey wants to see the loading state). */
  let delayMs = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: unknown) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '/').split('?')[0]!;
      if (request.method === 'POST' && path === '/__mode') {
        const asked = JSON.parse(text || '{}') as { mode?: FakeGeminiMode; delayMs?: number };
        const wanted = asked.mode;
        if (!wanted || !FAKE_GEMINI_MODES.includes(wanted)) return send(400, { error: 'mode' });
        mode = wanted;
        delayMs = Math.min(Math.max(asked.delayMs ?? 0, 0), 1_500);
        return send(200, { mode });
      }
      if (request.method === 'GET' && path === '/__requests') return send(200, requests);
      if (request.method !== 'POST' || !path.endsWith(':generateContent')) {
        return send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return send(400, { error: { code: 400, message: 'Invalid JSON', status: 'INVALID' } });
      }
      const apiKey = request.headers['x-goog-api-key'];
      requests.push({ path, apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey, body });
      if (mode === 'invalid_key' || mode === 'permission_denied') {
        return send(ERRORS[mode].status, ERRORS[mode].body);
      }
      const wait = mode === 'slow' ? slowMs : delayMs;
      if (wait > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(200, groundedAnswer(++answered));
        }, wait);
        timers.add(timer);
        return;
      }
      return send(200, groundedAnswer(++answered));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
