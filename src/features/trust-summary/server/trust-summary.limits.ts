import type { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { sharedLimiter } from '../../../server/plugins/rate-limit';

/** Summaries one person may generate in an hour (issue 10). */
export const HOURLY_PER_USER = 10;
export const DEFAULT_DAILY_LIMIT = 200;

export type LimitAnswer =
  { allowed: true } | { allowed: false; which: 'hourly' | 'daily'; retryAfterSeconds: number };

const DAY_SECONDS = 24 * 60 * 60;

/** Seconds until the next UTC midnight, when the site's daily count starts again. */
function untilTomorrow(now: Date) {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * The two limits on generations, shared by every instance through Redis when configured: 10 an
 * hour per person, and `dailyLimit` a UTC day for the whole site. A generation takes one of each;
 * one refused by the daily cap gives the person's hourly point back.
 */
export function trustSummaryLimits(redis: Redis | undefined, dailyLimit: number) {
  const hourly = sharedLimiter(redis, 'rl:trust-summary:user', {
    points: HOURLY_PER_USER,
    duration: 60 * 60,
  });
  const daily = sharedLimiter(redis, 'rl:trust-summary:site', {
    points: Math.max(1, dailyLimit),
    duration: DAY_SECONDS,
  });

  return async function take(userId: string, now = new Date()): Promise<LimitAnswer> {
    try {
      await hourly.consume(userId, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      return { allowed: false, which: 'hourly', retryAfterSeconds };
    }
    const day = now.toISOString().slice(0, 10);
    try {
      if (dailyLimit <= 0) throw new RateLimiterRes(0, DAY_SECONDS * 1000, 0);
      await daily.consume(day, 1);
      return { allowed: true };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      await hourly.reward(userId, 1);
      return { allowed: false, which: 'daily', retryAfterSeconds: untilTomorrow(now) };
    }
  };
}

export type TakeGeneration = ReturnType<typeof trustSummaryLimits>;
