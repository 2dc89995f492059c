import { sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';

/**
 * How common search words are, from PostgreSQL's own statistics of the full-text column
 * (pg_stats.most_common_elems, refreshed by autovacuum's ANALYZE). Read at most once a minute.
 * A word missing from the list is rarer than every word on it.
 */
export interface TermStats {
  /** Share of requests containing each common word. */
  frequencies: Map<string, number>;
  /** Estimated number of requests. */
  rows: number;
}

const REFRESH_MS = 60_000;
let cached: { at: number; stats: Promise<TermStats> } | undefined;

async function readStats(db: Db): Promise<TermStats> {
  const result = await db.execute<{
    elems: string[] | null;
    freqs: number[] | null;
    rows: number;
  }>(sql`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
           (select reltuples from pg_class where oid = 'work_requests'::regclass)::float8 as rows
    from (select 1) one
    left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'work_requests' and s.attname = 'search_vector'`);
  const row = result.rows[0];
  const frequencies = new Map<string, number>();
  row?.elems?.forEach((element, i) => frequencies.set(element, row.freqs?.[i] ?? 0));
  return { frequencies, rows: Math.max(0, Number(row?.rows ?? 0)) };
}

export function termStats(db: Db): Promise<TermStats> {
  if (!cached || Date.now() - cached.at > REFRESH_MS) {
    cached = {
      at: Date.now(),
      stats: readStats(db).catch(() => ({ frequencies: new Map(), rows: 0 })),
    };
  }
  return cached.stats;
}

/**
 * One search word: its own prefix, and the known words it may be a typo of; or a region (no
 * prefix), with the words of its towns.
 */
export interface WordGroup {
  prefix: string | null;
  exact: string[];
}

/**
 * Expected share of requests matching every word: each word matches at most the requests of
 * the common words it covers, and all words must match, so the rarest word bounds the result.
 */
export function expectedShare(groups: WordGroup[], stats: TermStats): number {
  let share = 1;
  for (const group of groups) {
    let covered = 0;
    for (const [element, frequency] of stats.frequencies) {
      const prefixed = group.prefix !== null && element.startsWith(group.prefix);
      if (prefixed || group.exact.includes(element)) covered += frequency;
    }
    share = Math.min(share, covered);
  }
  return share;
}
