import { pingDatabase } from './db/direct';
import type { Redis } from 'ioredis';
import type { Db } from './db/database';
import type { FileStorage } from './storage/storage';

/** How long each dependency may take to answer before it counts as down. */
export const READY_TIMEOUT_MS = 1000;

export type DependencyState = 'up' | 'down' | 'not_configured';

export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  redis: DependencyState;
  storage: 'up' | 'down';
}

/** Resolves 'up' when the check settles in time, 'down' when it fails or outlasts the time-out. */
async function answersInTime(check: () => Promise<unknown>, ms: number): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), ms);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(
          () => 'up' as const,
          () => 'down' as const,
        ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: the database, Redis (when configured) and the file storage
 * each answer within the time-out, checked at once (docs/deploy.md "Health, readiness, metrics").
 */
export async function checkReadiness(
  deps: { db: Db; redis: Redis | undefined; storage: FileStorage },
  timeoutMs = READY_TIMEOUT_MS,
): Promise<Readiness> {
  const { redis } = deps;
  const [database, redisState, storage] = await Promise.all([
    answersInTime(() => pingDatabase(deps.db), timeoutMs),
    redis ? answersInTime(() => redis.ping(), timeoutMs) : ('not_configured' as const),
    answersInTime(() => deps.storage.ready(), timeoutMs),
  ]);
  return {
    ready: database === 'up' && redisState !== 'down' && storage === 'up',
    database,
    redis: redisState,
    storage,
  };
}
