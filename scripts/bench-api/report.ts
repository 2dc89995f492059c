import { percentile, type LoadResult } from './load';

export const TARGETS = {
  /** Each endpoint's requests/s at least this share of its bare route's. */
  ratio: 0.8,
  /** Mixed load at 100 connections: the app's p99 at most this multiple of the bare routes'. */
  mixedP99: 1.2,
  /** The app's server process (VmRSS) at that load, in MB. */
  memoryMb: 200,
  /** Search at four connections: p95 in ms. */
  searchP95Ms: 20,
};

export interface EndpointResult {
  label: string;
  url: string;
  statements: number;
  app: LoadResult[];
  bare: LoadResult[];
  /** Its bare route again, sending the app's `lines` header lines too, in the same rounds. */
  withHeaders?: { lines: number; rounds: LoadResult[] };
}

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The server process's CPU per answer in µs, when every round measured it. */
  cpuPerAnswer: number | undefined;
}

/** Rounds of one side together: requests over the time they took, percentiles of every response. */
export function figuresOf(rounds: LoadResult[]): Figures {
  const latencies = rounds.flatMap((round) => round.latencies);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: rounds.reduce((sum, round) => sum + round.errors + round.non2xx, 0),
    cpuPerAnswer: rounds.every((round) => round.serverCpuMicros !== undefined)
      ? rounds.reduce((sum, round) => sum + round.serverCpuMicros!, 0) / latencies.length
      : undefined,
  };
}

export interface Report {
  heading: string[];
  endpoints: EndpointResult[];
  /** Each side's parts of the mixed run and of the searches, taken in turn (app, bare, bare, app). */
  mixed: {
    app: LoadResult[];
    bare: LoadResult[];
    rssMb: number;
    treeMb: number;
    connections: number;
  };
  search: { app: LoadResult[]; bare: LoadResult[]; connections: number };
}

const ms = (value: number) => value.toFixed(1);
const micros = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(0));
const ratioOf = (app: Figures, bare: Figures) => app.rps / bare.rps;

/** Whether each target holds, in words, for the table and the exit code. */
export function verdicts(report: Report): { text: string; met: boolean }[] {
  const worst = report.endpoints
    .map((endpoint) => ({
      label: endpoint.label,
      ratio: ratioOf(figuresOf(endpoint.app), figuresOf(endpoint.bare)),
    }))
    .reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const mixedApp = figuresOf(report.mixed.app);
  const mixedBare = figuresOf(report.mixed.bare);
  const search = figuresOf(report.search.app);
  return [
    {
      text: `every endpoint ≥ ${TARGETS.ratio.toFixed(2)} of its bare route (lowest: ${worst.label} ${worst.ratio.toFixed(2)})`,
      met: worst.ratio >= TARGETS.ratio,
    },
    {
      text: `mixed at ${report.mixed.connections} connections: p99 ≤ ${TARGETS.mixedP99}× the bare routes' (${ms(mixedApp.p99)} vs ${ms(mixedBare.p99)} ms, ${(mixedApp.p99 / mixedBare.p99).toFixed(2)}×)`,
      met: mixedApp.p99 <= TARGETS.mixedP99 * mixedBare.p99,
    },
    {
      text: `mixed at ${report.mixed.connections} connections: 0 errors (app ${mixedApp.errors})`,
      met: mixedApp.errors === 0,
    },
    {
      text: `server memory ≤ ${TARGETS.memoryMb} MB at that load (app process VmRSS peak ${report.mixed.rssMb.toFixed(0)} MB)`,
      met: report.mixed.rssMb <= TARGETS.memoryMb,
    },
    {
      text: `search p95 ≤ ${TARGETS.searchP95Ms} ms at ${report.search.connections} connections (${ms(search.p95)} ms)`,
      met: search.p95 <= TARGETS.searchP95Ms,
    },
  ];
}

/** Each round's ratio of `sides` to the bare route's, as "lowest–highest". */
function perRound(sides: LoadResult[], bare: LoadResult[]): string {
  const rounds = sides.map((round, i) => ratioOf(figuresOf([round]), figuresOf([bare[i]!])));
  return `${Math.min(...rounds).toFixed(2)}–${Math.max(...rounds).toFixed(2)}`;
}

/** What the app's header lines alone cost its bare route, and how near the app comes to that. */
function headerCeiling(
  endpoint: EndpointResult,
  withHeaders: NonNullable<EndpointResult['withHeaders']>,
): string {
  const bare = figuresOf(endpoint.bare);
  const headed = figuresOf(withHeaders.rounds);
  return (
    `${endpoint.label}: the bare route sending the app’s ${withHeaders.lines} header lines too ` +
    `(security headers, Cache-Control, X-Request-Id) answered ${headed.rps.toFixed(0)} req/s ` +
    `(server CPU ${micros(headed.cpuPerAnswer)} µs per answer), ` +
    `**${ratioOf(headed, bare).toFixed(2)}** of the bare route (per round ${perRound(withHeaders.rounds, endpoint.bare)}): ` +
    `the most an app sending those lines reaches here. The app answered ` +
    `**${ratioOf(figuresOf(endpoint.app), headed).toFixed(2)}** of it.`
  );
}

/** The Markdown the script writes between the markers in docs/performance.md (and prints). */
export function formatReport(report: Report): string {
  const lines = [...report.heading, ''];
  lines.push(
    '| endpoint | statements | app req/s | bare req/s | app/bare | per round | server CPU µs per answer, app / bare | app p50 / p95 / p99 ms | bare p50 / p95 / p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const endpoint of report.endpoints) {
    const app = figuresOf(endpoint.app);
    const bare = figuresOf(endpoint.bare);
    lines.push(
      `| ${endpoint.label} (\`${endpoint.url.replace(/[0-9a-f-]{36}/, ':id')}\`) | ${endpoint.statements} | ${app.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | **${ratioOf(app, bare).toFixed(2)}** | ${perRound(endpoint.app, endpoint.bare)} | ${micros(app.cpuPerAnswer)} / ${micros(bare.cpuPerAnswer)} | ${ms(app.p50)} / ${ms(app.p95)} / ${ms(app.p99)} | ${ms(bare.p50)} / ${ms(bare.p95)} / ${ms(bare.p99)} |`,
    );
  }
  for (const endpoint of report.endpoints) {
    if (endpoint.withHeaders) lines.push('', headerCeiling(endpoint, endpoint.withHeaders));
  }
  lines.push(
    '',
    '| load | side | req/s | server CPU µs per answer | p50 ms | p95 ms | p99 ms | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  const row = (load: string, side: string, parts: LoadResult[]) => {
    const f = figuresOf(parts);
    lines.push(
      `| ${load} | ${side} | ${f.rps.toFixed(0)} | ${micros(f.cpuPerAnswer)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.errors} |`,
    );
  };
  const mixed = `mixed browse/search/details, ${report.mixed.connections} connections`;
  row(mixed, 'app', report.mixed.app);
  row(mixed, 'bare', report.mixed.bare);
  const search = `searches, ${report.search.connections} connections`;
  row(search, 'app', report.search.app);
  row(search, 'bare', report.search.bare);
  lines.push(
    '',
    `Memory during the app's mixed run: the app's server process peaked at **${report.mixed.rssMb.toFixed(0)} MB** (VmRSS); with its embedded PostgreSQL's processes, ${report.mixed.treeMb.toFixed(0)} MB (Pss, shared pages counted once).`,
    '',
  );
  for (const verdict of verdicts(report))
    lines.push(`- ${verdict.met ? 'met' : '**missed**'}: ${verdict.text}`);
  return lines.join('\n');
}

export const START_MARKER = '<!-- bench:api:start -->';
export const END_MARKER = '<!-- bench:api:end -->';

/** The document with the text between the markers replaced (the section is added when missing). */
export function replaceBlock(document: string, block: string): string {
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  const fenced = `${START_MARKER}\n\n${block}\n\n${END_MARKER}`;
  if (start === -1 || end < start)
    return `${document.trimEnd()}\n\n# Performance: API cost per request (npm run bench:api)\n\n${fenced}\n`;
  return document.slice(0, start) + fenced + document.slice(end + END_MARKER.length);
}
