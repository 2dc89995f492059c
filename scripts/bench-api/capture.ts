import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntilHealthy } from '../../tests/support/processes';
import { headersFor, type Target } from './load';
import {
  buildPlan,
  statementTexts,
  type CapturedStatement,
  type PoolSettings,
  type Wave,
} from './plan';
import { startNode, stopNode } from './processes';

export interface Endpoint extends Target {
  key: string;
  label: string;
  /** Asked as a signed-in browser: this session cookie, with the CSRF cookie the app hands out. */
  session?: string;
}

export interface CapturedEndpoint extends Endpoint {
  status: number;
  /** The app's answer, parsed: the bare route sends it again. */
  body: unknown;
  plan: Wave[];
  /** The header lines of the app's answer that the bare route with headers repeats (fixedHeaders). */
  headers: Record<string, string>;
  statements: number;
  /** The last two captures of this URL sent the same statements. */
  stable: boolean;
  /** The statements of the capture before the last, when they differ. */
  previous?: string[];
}

/** What the bare server needs: the app's pool settings and, per URL, its statements and answer. */
export interface BareSpec {
  pool: PoolSettings;
  endpoints: Pick<CapturedEndpoint, 'url' | 'status' | 'body' | 'plan' | 'headers'>[];
}

/** Lines Node writes on every answer, or that differ per request or body: each side writes its own. */
const OWN_LINES = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'set-cookie',
  'x-request-id',
]);

/** The header lines of an answer that every answer of its URL carries alike (security, caching). */
export function fixedHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !OWN_LINES.has(name)));
}

const HOOK = path.join(path.dirname(fileURLToPath(import.meta.url)), 'capture-hook.ts');
/** Each URL is asked this often; the last answer is kept (the first may fill caches). */
const TIMES = 3;
/** Statements the app sends just after answering (afterResponse) still count for the request. */
const SETTLE_MS = 150;

type Line = CapturedStatement | { pool: PoolSettings };

function readLines(file: string, from: number): { lines: Line[]; size: number } {
  const text = fs.readFileSync(file, 'utf8');
  const fresh = text.slice(from);
  const lines = fresh
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
  return { lines, size: text.length };
}

/**
 * Runs the built app once with the capture hook, asks each URL a few times as a browser's first
 * visit would, and keeps, per URL, the statements its last request sent and the JSON it answered.
 */
export async function captureApp(
  endpoints: Endpoint[],
  appEnv: Record<string, string>,
  port: number,
  workDir: string,
): Promise<{ captured: CapturedEndpoint[]; spec: BareSpec }> {
  const file = path.join(workDir, 'capture.jsonl');
  fs.writeFileSync(file, '');
  const server = startNode(
    ['--import', 'tsx', '--import', HOOK, 'dist/server/main.js'],
    { ...appEnv, PORT: String(port), BENCH_CAPTURE_FILE: file },
    port,
  );
  const captured: CapturedEndpoint[] = [];
  try {
    await waitUntilHealthy(server, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // start-up work (clean-ups) ends
    let offset = readLines(file, 0).size;
    let sequence = 0;
    let csrfCookie: string | undefined;
    for (const plain of endpoints) {
      const endpoint = plain.session
        ? { ...plain, cookie: [plain.session, csrfCookie].filter(Boolean).join('; ') }
        : plain;
      const plans: Wave[][] = [];
      let status = 0;
      let body: unknown;
      let headers: Record<string, string> = {};
      for (let time = 0; time < TIMES; time++) {
        const response = await fetch(`http://127.0.0.1:${port}${endpoint.url}`, {
          headers: headersFor(endpoint, sequence++),
        });
        // A browser keeps the CSRF cookie of its first answer; signed-in pages send it back.
        csrfCookie ??= /(?:^|, )(csrf_token=[^;]+)/.exec(
          response.headers.get('set-cookie') ?? '',
        )?.[1];
        status = response.status;
        headers = fixedHeaders(response.headers);
        body = await response.json();
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const { lines, size } = readLines(file, offset);
        offset = size;
        const statements = lines.filter(
          (line): line is CapturedStatement => 'text' in line && line.request !== undefined,
        );
        const failed = statements.find((statement) => statement.error);
        if (failed) throw new Error(`${endpoint.url}: "${failed.text}" failed: ${failed.error}`);
        plans.push(buildPlan(statements));
      }
      if (status >= 300) throw new Error(`${endpoint.url}: the app answered ${status}`);
      const [previous, last] = plans.slice(-2).map(statementTexts);
      captured.push({
        ...endpoint,
        status,
        body,
        headers,
        plan: plans.at(-1)!,
        statements: last!.length,
        stable: JSON.stringify(previous) === JSON.stringify(last),
        ...(JSON.stringify(previous) === JSON.stringify(last) ? {} : { previous: previous! }),
      });
    }
  } finally {
    await stopNode(server);
  }
  const pools = readLines(file, 0)
    .lines.filter((line): line is { pool: PoolSettings } => 'pool' in line)
    .map((line) => line.pool);
  if (pools.length === 0) throw new Error('the capture saw no pg Pool');
  // The app's own pool is the largest one it opened (migrations use a single client).
  const pool = pools.reduce((a, b) => (b.max > a.max ? b : a));
  return {
    captured,
    spec: {
      pool,
      endpoints: captured.map(({ url, status, body, plan, headers }) => ({
        url,
        status,
        body,
        plan,
        headers,
      })),
    },
  };
}
