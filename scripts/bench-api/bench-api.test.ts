import { describe, expect, it } from 'vitest';
import { buildPlan, statementTexts, type CapturedStatement } from './plan';
import { fixedHeaders } from './capture';
import {
  END_MARKER,
  formatReport,
  replaceBlock,
  START_MARKER,
  verdicts,
  type Report,
} from './report';
import type { LoadResult } from './load';

const statement = (
  client: number,
  start: number,
  end: number,
  text: string,
): CapturedStatement => ({ client, start, end, text, request: 1 });

describe('the replay plan of captured statements', () => {
  it('keeps statements that ran one after another in separate steps', () => {
    const plan = buildPlan([statement(1, 0, 2, 'select 1'), statement(2, 3, 5, 'select 2')]);
    expect(plan.map((wave) => wave.length)).toEqual([1, 1]);
    expect(statementTexts(plan)).toEqual(['select 1', 'select 2']);
  });

  it('runs statements the app had in flight together in one step', () => {
    const plan = buildPlan([statement(2, 1, 4, 'select b'), statement(1, 0, 3, 'select a')]);
    expect(plan).toHaveLength(1);
    expect(plan[0]!.map((unit) => unit.statements[0]!.text)).toEqual(['select a', 'select b']);
  });

  it('keeps a transaction on one client from begin to commit, beside other work', () => {
    const plan = buildPlan([
      statement(1, 0, 1, 'begin'),
      statement(2, 0.5, 1.5, 'select outside'),
      statement(1, 1, 2, 'select inside'),
      statement(1, 2, 3, 'commit'),
      statement(1, 4, 5, 'select after'),
    ]);
    expect(plan).toHaveLength(2);
    const [transaction, outside] = plan[0]!;
    expect(transaction).toEqual({
      transaction: true,
      statements: [{ text: 'begin' }, { text: 'select inside' }, { text: 'commit' }],
    });
    expect(outside!.transaction).toBe(false);
    expect(plan[1]![0]!.statements).toEqual([{ text: 'select after' }]);
  });

  it('keeps the parameters as sent, prepared names and the row mode', () => {
    const plan = buildPlan([
      { ...statement(1, 0, 1, 'select $1'), values: ['x', null], name: 'q1', rowMode: 'array' },
    ]);
    expect(plan[0]![0]!.statements).toEqual([
      { text: 'select $1', values: ['x', null], name: 'q1', rowMode: 'array' },
    ]);
  });

  it('refuses a cursor, which one statement cannot replay', () => {
    expect(() => buildPlan([{ ...statement(1, 0, 1, ''), stream: true }])).toThrow(/cursor/);
  });
});

const run = (requests: number, latency: number, errors = 0): LoadResult => ({
  requests,
  seconds: 1,
  latencies: Array.from({ length: requests }, () => latency),
  errors,
  non2xx: 0,
});

const report = (appRequests: number): Report => ({
  heading: [],
  endpoints: [
    {
      label: 'health',
      url: '/api/health',
      statements: 1,
      app: [run(appRequests, 1)],
      bare: [run(100, 1)],
    },
  ],
  mixed: { app: [run(50, 10)], bare: [run(60, 10)], rssMb: 150, treeMb: 300, connections: 100 },
  search: { app: [run(40, 15)], bare: [run(40, 10)], connections: 4 },
});

describe('the verdicts', () => {
  it('meets the ratio target at 0.80 of the bare route and misses it below', () => {
    expect(verdicts(report(80))[0]!.met).toBe(true);
    const below = verdicts(report(79))[0]!;
    expect(below.met).toBe(false);
    expect(below.text).toContain('health 0.79');
  });

  it('counts errors of the mixed run against the app', () => {
    const withErrors = report(100);
    withErrors.mixed.app = [run(50, 10), run(50, 10, 3)];
    expect(verdicts(withErrors).find((v) => v.text.includes('errors'))!.met).toBe(false);
  });
});

describe('the server’s CPU per answer', () => {
  it('is every round’s CPU over every answer, per side, and a dash where a round did not measure it', () => {
    const measured = report(100);
    measured.endpoints[0]!.app = [
      { ...run(100, 1), serverCpuMicros: 3000 },
      { ...run(300, 1), serverCpuMicros: 5000 },
    ];
    measured.endpoints[0]!.bare = [
      { ...run(100, 1), serverCpuMicros: 1000 },
      { ...run(100, 1), serverCpuMicros: 2000 },
    ];
    measured.mixed.app = [{ ...run(50, 10), serverCpuMicros: 40_000 }];
    const text = formatReport(measured);
    expect(text).toContain('| 1 | 200 | 100 | **2.00** | 1.00–3.00 | 20 / 15 |');
    expect(text).toContain('| mixed browse/search/details, 100 connections | app | 50 | 800 |');
    expect(text).toContain('| mixed browse/search/details, 100 connections | bare | 60 | – |');
  });
});

describe('the bare route with the app’s header lines', () => {
  it('repeats the lines every answer of a URL carries and leaves out those each side writes', () => {
    const answer = new Headers({
      'content-security-policy': "default-src 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'public, max-age=60',
      'content-type': 'application/json; charset=utf-8',
      'content-length': '94',
      date: 'Tue, 24 Nov 2026 12:00:00 GMT',
      connection: 'keep-alive',
      'keep-alive': 'timeout=72',
      'x-request-id': 'a1b2c3d4e5',
      'set-cookie': 'csrf_token=x',
    });
    expect(fixedHeaders(answer)).toEqual({
      'cache-control': 'public, max-age=60',
      'content-security-policy': "default-src 'self'",
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('is reported beside its endpoint: its share of the bare route, and the app’s share of it', () => {
    const withHeaders = report(60);
    withHeaders.endpoints[0]!.withHeaders = { lines: 17, rounds: [run(75, 1)] };
    const text = formatReport(withHeaders);
    expect(text).toContain('health: the bare route sending the app’s 17 header lines too');
    expect(text).toContain('**0.75** of the bare route (per round 0.75–0.75)');
    expect(text).toContain('The app answered **0.80** of it.');
    expect(formatReport(report(60))).not.toContain('header lines');
  });
});

describe('the block in docs/performance.md', () => {
  it('replaces only the text between the markers', () => {
    const document = `intro\n${START_MARKER}\nold\n${END_MARKER}\noutro\n`;
    expect(replaceBlock(document, 'new')).toBe(
      `intro\n${START_MARKER}\n\nnew\n\n${END_MARKER}\noutro\n`,
    );
  });

  it('adds the section when the markers are missing', () => {
    const updated = replaceBlock('# Other\n', 'table');
    expect(updated).toContain('# Performance: API cost per request (npm run bench:api)');
    expect(updated).toContain(`${START_MARKER}\n\ntable\n\n${END_MARKER}`);
  });
});
