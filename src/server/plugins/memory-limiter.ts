/** A limit: `points` in a window of `duration` seconds; going over blocks for `blockDuration`. */
export interface LimitOptions {
  points: number;
  duration: number;
  blockDuration?: number;
}

interface Window {
  points: number;
  /** When the window (or the block) ends, in ms since the epoch. */
  endsAt: number;
}

/**
 * A rate limit counted in this process, answered at once (no promise, no timer per key): the
 * per-address groups of every API request when no Redis is configured. Fixed windows, as
 * rate-limiter-flexible counts them: a key's window starts with its first point; the attempt
 * that first goes over the limit blocks the key for `blockDuration` seconds from then.
 */
export class MemoryLimiter {
  readonly #windows = new Map<string, Window>();
  #nextSweep = 0;

  constructor(readonly options: LimitOptions) {}

  /** Counts `points` for `key`: 0 when within the limit, else the ms until it may try again. */
  consume(key: string, points = 1, now = Date.now()): number {
    const window = this.#count(key, points, now);
    const { points: allowed, blockDuration = 0 } = this.options;
    if (window.points <= allowed) return 0;
    if (blockDuration > 0 && window.points <= allowed + points)
      window.endsAt = now + blockDuration * 1000;
    return window.endsAt - now;
  }

  /** Adds `points` to `key` without refusing anything; answers the points it now holds. */
  penalty(key: string, points: number, now = Date.now()): number {
    return this.#count(key, points, now).points;
  }

  /** Blocks `key` for `seconds` from now, whatever it held. */
  block(key: string, seconds: number, now = Date.now()) {
    this.#windows.set(key, { points: this.options.points + 1, endsAt: now + seconds * 1000 });
  }

  /** Keys counted now (their windows not yet over). */
  size(now = Date.now()): number {
    this.#sweep(now, true);
    return this.#windows.size;
  }

  #count(key: string, points: number, now: number): Window {
    this.#sweep(now, false);
    const window = this.#windows.get(key);
    if (window && window.endsAt > now) {
      window.points += points;
      return window;
    }
    const fresh = { points, endsAt: now + this.options.duration * 1000 };
    this.#windows.set(key, fresh);
    return fresh;
  }

  /** Forgets ended windows, at most once per window length, so memory follows the live keys. */
  #sweep(now: number, always: boolean) {
    if (!always && now < this.#nextSweep) return;
    this.#nextSweep = now + this.options.duration * 1000;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}
