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
 * A bounded FIFO in front of the expensive work: at most `concurrency` tasks run, the rest wait
 * in their lane, and a task that finds its lane full is refused with 429 `busy` at once, so a
 * flood costs memory for a handful of hashes, never for all of them.
 */
export function createHashQueue(limits: HashQueueLimits = HASH_QUEUE_DEFAULTS): HashQueue {
  const concurrency = Math.max(1, Math.floor(limits.concurrency));
  const maxWaiting = Math.max(0, Math.floor(limits.maxWaiting));
  const lanes: Record<HashLane, (() => void)[]> = { trusted: [], anonymous: [] };
  let running = 0;

  const next = () => {
    const start = lanes.trusted.shift() ?? lanes.anonymous.shift();
    if (start) start();
  };

  return {
    async run<T>(task: () => Promise<T>, lane: HashLane = 'anonymous'): Promise<T> {
      if (running >= concurrency) {
        if (lanes[lane].length >= maxWaiting) {
          throw new AppError('busy', 'Too many sign-ins right now. Try again in a few seconds.', {
            retryAfterSeconds: BUSY_RETRY_SECONDS,
          });
        }
        await new Promise<void>((resolve) => lanes[lane].push(resolve));
      } else {
        running++;
      }
      // A task that was waiting inherits the place of the one that finished (running stays).
      try {
        return await task();
      } finally {
        if (lanes.trusted.length + lanes.anonymous.length > 0) next();
        else running--;
      }
    },
    load: () => ({ running, waiting: lanes.trusted.length + lanes.anonymous.length }),
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
