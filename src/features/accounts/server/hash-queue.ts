import { AppError } from '../../../server/errors';
import { hashPassword, verifyPassword, type ScryptCost } from './password';

/**
 * How many password hashes (scrypt, ~0.4 s and 128 MiB each at the production cost) run at once,
 * and how many may wait. PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE set them.
 */
export interface HashQueueLimits {
  concurrency: number;
  /** Waiting places per lane; a task that finds its lane full is refused. */
  maxWaiting: number;
  /**
   * Running places only trusted tasks may take (default 1 when concurrency is at least 2), so a
   * returning browser's sign-in starts at once however many anonymous ones wait.
   */
  reservedForTrusted?: number;
}

export const HASH_QUEUE_DEFAULTS: HashQueueLimits = { concurrency: 2, maxWaiting: 8 };

/**
 * `trusted`: a sign-in from a browser that has signed in to this very account before (the
 * `sign_in_device` cookie, docs/security.md "Sign-in under flood"); `anonymous`: everything else.
 * Trusted tasks start before anonymous ones; each lane is first in, first out.
 */
export type HashLane = 'trusted' | 'anonymous';

/** How long a refused client is told to wait. */
export const BUSY_RETRY_SECONDS = 2;

export interface HashQueue {
  run<T>(task: () => Promise<T>, lane?: HashLane): Promise<T>;
  /** Running and waiting tasks right now. */
  load(): { running: number; waiting: number };
}

/**
 * A bounded FIFO in front of the expensive work: at most `concurrency` tasks run (anonymous ones
 * on all but the reserved places), the rest wait in their lane, and a task that finds its lane
 * full is refused with 429 `busy` at once, so a flood costs memory and CPU for a handful of
 * hashes, never for all of them.
 */
export function createHashQueue(limits: HashQueueLimits = HASH_QUEUE_DEFAULTS): HashQueue {
  const concurrency = Math.max(1, Math.floor(limits.concurrency));
  const maxWaiting = Math.max(0, Math.floor(limits.maxWaiting));
  const reserved = Math.min(
    concurrency - 1,
    Math.max(0, Math.floor(limits.reservedForTrusted ?? (concurrency >= 2 ? 1 : 0))),
  );
  const lanes: Record<HashLane, (() => void)[]> = { trusted: [], anonymous: [] };
  const running: Record<HashLane, number> = { trusted: 0, anonymous: 0 };
  const total = () => running.trusted + running.anonymous;
  const mayStart = (lane: HashLane) =>
    total() < concurrency && (lane === 'trusted' || running.anonymous < concurrency - reserved);

  /** Starts whoever may start now: trusted first, then anonymous, each in arrival order. */
  const pump = () => {
    for (const lane of ['trusted', 'anonymous'] as const) {
      while (lanes[lane].length > 0 && mayStart(lane)) {
        running[lane]++;
        lanes[lane].shift()!();
      }
    }
  };

  return {
    async run<T>(task: () => Promise<T>, lane: HashLane = 'anonymous'): Promise<T> {
      if (lanes[lane].length === 0 && mayStart(lane)) {
        running[lane]++;
      } else {
        if (lanes[lane].length >= maxWaiting) {
          throw new AppError('busy', 'Too many sign-ins right now. Try again in a few seconds.', {
            retryAfterSeconds: BUSY_RETRY_SECONDS,
          });
        }
        // pump() counts this task as running before it resolves the wait.
        await new Promise<void>((resolve) => lanes[lane].push(resolve));
      }
      try {
        return await task();
      } finally {
        running[lane]--;
        pump();
      }
    },
    load: () => ({ running: total(), waiting: lanes.trusted.length + lanes.anonymous.length }),
  };
}

/** Every password hash and check of a server, through its queue, at its cost. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string, lane?: HashLane): Promise<boolean>;
}

export function passwordHasher(cost: ScryptCost, queue: HashQueue): PasswordHasher {
  return {
    hash: (password) => queue.run(() => hashPassword(password, cost)),
    verify: (password, stored, lane) => queue.run(() => verifyPassword(password, stored), lane),
  };
}
