// The never-repeating mix (bench-search-mix.ts) through the services in this process, one query
// at a time or a few at once, without HTTP: PostgreSQL's share of each kind, to compare plans
// quickly. BENCH_MIX_PER_KIND (default 200), BENCH_MIX_CONCURRENCY (default 1), BENCH_MIX_KINDS
// (comma-separated, default all). Prints p50/p95/p99 per kind and the slowest queries.
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/server/db/schema';
import { CASING } from '../src/server/db/database';
import { CATEGORIES } from '../src/shared/categories';
import { listWorkRequestsQuery, RADIUS_CHOICES_KM } from '../src/features/requests/requests.schema';
import { browseRequests } from '../src/features/requests/server/search/search.service';
import { directoryQuery } from '../src/features/providers/providers.schema';
import { browseDirectory } from '../src/features/providers/server/directory.service';

const URL_OF_DATABASE =
  process.env.BENCH_MIX_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/majstri_bench_mix';
const PER_KIND = Number(process.env.BENCH_MIX_PER_KIND ?? 200);
const CONCURRENCY = Number(process.env.BENCH_MIX_CONCURRENCY ?? 1);
const KINDS = process.env.BENCH_MIX_KINDS?.split(',');

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function typoOf(word: string) {
  const at = Math.floor(Math.random() * word.length);
  const letter = pick('abcdeghijklmnoprstuvyz'.split(''));
  const edits = [
    () => word.slice(0, at) + letter + word.slice(at + 1),
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + word[at] + word.slice(at),
  ];
  return pick(edits)();
}

async function main() {
  const pool = new pg.Pool({
    connectionString: URL_OF_DATABASE,
    max: Math.max(4, CONCURRENCY * 2),
  });
  const words = (
    await pool.query<{ term: string }>(
      `select term from search_terms where char_length(term) >= 4 and term ~ '^[a-z]+$'`,
    )
  ).rows.map((row) => row.term);
  const places = (
    await pool.query<{ id: number; name: string }>(
      `select id, coalesce(names->>'sk', names->>'en') as name from places where country in ('SK', 'CZ')`,
    )
  ).rows;
  const category = () => (Math.random() < 0.5 ? `&category=${pick(CATEGORIES)}` : '');
  const makers: Record<string, () => string> = {
    word: () => `/api/work-requests?q=${encodeURIComponent(pick(words))}${category()}`,
    typo: () => `/api/work-requests?q=${encodeURIComponent(typoOf(pick(words)))}${category()}`,
    town: () => `/api/work-requests?location=${encodeURIComponent(pick(places).name)}${category()}`,
    'radius + category': () =>
      `/api/work-requests?near=${pick(places).id}&radius_km=${pick(RADIUS_CHOICES_KM)}&category=${pick(CATEGORIES)}${Math.random() < 0.5 ? '&sort=distance' : ''}`,
    directory: () =>
      `/api/providers?near=${pick(places).id}&radius_km=${pick(RADIUS_CHOICES_KM)}&category=${pick(CATEGORIES)}${Math.random() < 0.5 ? '&sort=rating' : ''}`,
  };
  const seen = new Set<string>();
  const queries: { kind: string; path: string }[] = [];
  for (const [kind, make] of Object.entries(makers)) {
    if (KINDS && !KINDS.includes(kind)) continue;
    for (let made = 0, tries = 0; made < PER_KIND && tries < PER_KIND * 50; tries++) {
      const path = make();
      if (seen.has(path)) continue;
      seen.add(path);
      queries.push({ kind, path });
      made++;
    }
  }
  queries.sort(() => Math.random() - 0.5);
  const db = drizzle(pool, { schema, casing: CASING });
  const ctx = { db } as never;
  const run = async (path: string) => {
    const address = new URL(path, 'http://bench');
    const params = Object.fromEntries(address.searchParams);
    if (address.pathname === '/api/providers')
      await browseDirectory(ctx, directoryQuery.parse(params));
    else await browseRequests(ctx, listWorkRequestsQuery.parse(params));
  };
  // Warm-up: connections and the caches of the places and statistics, on other queries.
  for (const kind of Object.keys(makers)) for (let i = 0; i < 5; i++) await run(makers[kind]!());
  const byKind = new Map<string, { ms: number; path: string }[]>();
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= queries.length) return;
      const { kind, path } = queries[index]!;
      const started = performance.now();
      await run(path);
      const ms = performance.now() - started;
      byKind.set(kind, [...(byKind.get(kind) ?? []), { ms, path }]);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  console.log('| kind | queries | p50 ms | p95 ms | p99 ms | slowest ms |');
  for (const [kind, timings] of byKind) {
    const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
    );
  }
  for (const [kind, timings] of byKind) {
    const worst = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
    for (const { ms, path } of worst) console.log(`slow ${kind} ${ms.toFixed(1)} ${path}`);
  }
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
