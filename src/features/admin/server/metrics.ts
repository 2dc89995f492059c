import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type StatusClass = '4xx' | '5xx';
export interface MinuteCounts {
  /** Start of the minute. */
  minute: Date;
  '4xx': number;
  '5xx': number;
}

/**
 * How many 4xx and 5xx answers the app gave, minute by minute, for the admin metrics. With Redis
 * every instance counts into the same keys (one INCR per error answer, kept two hours), so the
 * figures are the whole site's; without Redis there is one instance and its memory holds them.
 */
export interface ResponseCounts {
  /** Counts one answer; never throws and never waits (the answer is already sent). */
  record(statusCode: number, at?: Date): void;
  /** The last `minutes` minutes up to and including the one `now` is in, oldest first. */
  lastMinutes(now: Date, minutes: number): Promise<MinuteCounts[]>;
}

const MINUTE_MS = 60_000;
/** Counts older than this are forgotten. */
const KEEP_MINUTES = 120;

export function statusClass(statusCode: number): StatusClass | undefined {
  if (statusCode >= 500) return '5xx';
  if (statusCode >= 400) return '4xx';
  return undefined;
}

const minuteOf = (at: Date) => Math.floor(at.getTime() / MINUTE_MS);

function minutesUpTo(now: Date, minutes: number): number[] {
  const last = minuteOf(now);
  return Array.from({ length: minutes }, (_, i) => last - minutes + 1 + i);
}

export function memoryResponseCounts(): ResponseCounts {
  const counts = new Map<number, { '4xx': number; '5xx': number }>();
  return {
    record(statusCode, at) {
      const kind = statusClass(statusCode);
      if (!kind) return;
      const minute = minuteOf(at ?? new Date());
      let bucket = counts.get(minute);
      if (!bucket) {
        bucket = { '4xx': 0, '5xx': 0 };
        counts.set(minute, bucket);
        for (const old of counts.keys()) if (old <= minute - KEEP_MINUTES) counts.delete(old);
      }
      bucket[kind] += 1;
    },
    async lastMinutes(now, minutes) {
      return minutesUpTo(now, minutes).map((minute) => ({
        minute: new Date(minute * MINUTE_MS),
        '4xx': counts.get(minute)?.['4xx'] ?? 0,
        '5xx': counts.get(minute)?.['5xx'] ?? 0,
      }));
    },
  };
}

const redisKey = (kind: StatusClass, minute: number) => `majstri:responses:${kind}:${minute}`;

export function redisResponseCounts(redis: Redis, log: FastifyBaseLogger): ResponseCounts {
  return {
    record(statusCode, at) {
      const kind = statusClass(statusCode);
      if (!kind) return;
      const key = redisKey(kind, minuteOf(at ?? new Date()));
      redis
        .multi()
        .incr(key)
        .expire(key, KEEP_MINUTES * 60)
        .exec()
        .catch((err: unknown) => log.warn({ err }, 'could not count an error answer in Redis'));
    },
    async lastMinutes(now, minutes) {
      const wanted = minutesUpTo(now, minutes);
      const [fours, fives] = await Promise.all([
        redis.mget(wanted.map((minute) => redisKey('4xx', minute))),
        redis.mget(wanted.map((minute) => redisKey('5xx', minute))),
      ]);
      return wanted.map((minute, i) => ({
        minute: new Date(minute * MINUTE_MS),
        '4xx': Number(fours[i] ?? 0),
        '5xx': Number(fives[i] ?? 0),
      }));
    },
  };
}

/**
 * The last 60 seconds from per-minute counts: all of the current minute plus the share of the
 * previous minute that still lies within 60 seconds of `now` (the usual sliding-window estimate).
 */
export function lastSixtySeconds(now: Date, previous: number, current: number): number {
  const intoMinute = (now.getTime() % MINUTE_MS) / MINUTE_MS;
  return current + Math.round(previous * (1 - intoMinute));
}
