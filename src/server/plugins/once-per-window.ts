import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** How long one address's refusals of one kind share a single alert and audit entry. */
export const REFUSAL_RECORD_WINDOW_SECONDS = 15 * 60;

/** Answers true for the first event of a key in each window, false for the rest of the window. */
export type OncePerWindow = (key: string) => Promise<boolean>;

/**
 * A flood of alike events (refused CSRF tokens, CSP reports) from one address must not become a
 * flood of rows: each event costs one counter update in the rate-limit store (memory, or Redis
 * when configured, shared by every instance), and only the first in a window is written down.
 */
export function oncePerWindow(
  name: string,
  windowSeconds: number,
  redis: Redis | undefined,
): OncePerWindow {
  const options = { keyPrefix: `once:${name}`, points: 1, duration: windowSeconds };
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, ...options, insuranceLimiter: memory })
    : memory;
  return async (key) => {
    try {
      await limiter.consume(key, 1);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      // Neither store answered: recording once too often beats losing the record.
      return true;
    }
  };
}
