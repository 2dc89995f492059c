import type { Db } from '../../../server/db/database';
import { countActiveProviders } from '../../accounts/server';
import { countOpenRequestsSince } from '../../requests/server';
import { countVisibleReviews } from '../../reviews/server';
import { shownFigure } from '../home.rules';
import type { HomeStats } from '../home.schema';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The home page's figures, as of `now`; one too small to show is null (home.rules.ts). */
export async function homeStats(db: Db, now: Date): Promise<HomeStats> {
  const [openRequests, providers, reviews] = await Promise.all([
    countOpenRequestsSince(db, new Date(now.getTime() - WEEK_MS)),
    countActiveProviders(db),
    countVisibleReviews(db),
  ]);
  return {
    open_requests_this_week: shownFigure(openRequests),
    providers: shownFigure(providers),
    reviews: shownFigure(reviews),
  };
}

/**
 * Keeps one answer for `ttlMs`, so a busy home page costs three counts a minute, not three a
 * visit. A failed count is not kept.
 */
export function cachedFor<T>(ttlMs: number, compute: () => Promise<T>, clock = () => Date.now()) {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = clock();
    if (kept && now - kept.at < ttlMs) return kept.value;
    const value = compute();
    kept = { at: now, value };
    value.catch(() => {
      if (kept?.value === value) kept = undefined;
    });
    return value;
  };
}
