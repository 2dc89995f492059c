import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

/** Addresses the requests come from (X-Forwarded-For behind TRUST_PROXY=1), in turn. */
const ADDRESSES = 2000;

/**
 * What a browser sends for the SPA's API call on a first visit (no cookies): its fetch headers
 * and a fresh X-Request-Id, from one of ADDRESSES clients behind the proxy, so that the app's
 * per-address read limit (600 a minute) counts as it would for real visitors.
 */
export function browserHeaders(sequence: number): Record<string, string> {
  const address = sequence % ADDRESSES;
  return {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'sk-SK,sk;q=0.9,en-US;q=0.8,en;q=0.7',
    referer: 'http://127.0.0.1/requests',
    'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Linux"',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'same-origin',
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'x-forwarded-for': `10.77.${address >> 8}.${address & 255}`,
    'x-request-id': randomUUID(),
  };
}

/** A URL to ask, with the cookies of a signed-in browser where the page needs one. */
export interface Target {
  url: string;
  cookie?: string | undefined;
}

/** The headers of one request to `target`. */
export function headersFor(target: Target, sequence: number): Record<string, string> {
  const headers = browserHeaders(sequence);
  if (target.cookie) headers.cookie = target.cookie;
  return headers;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Response times in ms, every one. */
  latencies: number[];
  /** Socket errors and time-outs, and answers other than 2xx. */
  errors: number;
  non2xx: number;
  /** CPU time (user and system) the answering server's process used meanwhile, in µs. */
  serverCpuMicros?: number;
}

let sequence = 0;

/**
 * Keeps `connections` keep-alive connections busy for `seconds`, each going through `targets`
 * in turn, one request at a time per connection.
 */
export function load(
  port: number,
  targets: Target[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        timeout: 10,
        requests: targets.map((target) => ({
          method: 'GET' as const,
          path: target.url,
          setupRequest: (request) => ({ ...request, headers: headersFor(target, sequence++) }),
        })),
      },
      (error: unknown, result) => {
        if (error) return reject(error as Error);
        resolve({
          requests: latencies.length,
          seconds: result.duration,
          latencies,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) =>
      latencies.push(responseTime),
    );
  });
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
