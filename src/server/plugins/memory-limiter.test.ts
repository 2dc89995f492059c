import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryLimiter } from './memory-limiter';

const READ = { points: 3, duration: 60, blockDuration: 120 };
const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);

describe('the in-process rate limit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the window’s points through and refuses the next, blocking from that attempt', () => {
    const limiter = new MemoryLimiter(READ);
    expect([0, 1, 2].map((s) => limiter.consume('a', 1, T0 + s * 1000))).toEqual([0, 0, 0]);
    // Over the limit 10 s into the window: blocked for 120 s from then, not from the window's start.
    expect(limiter.consume('a', 1, T0 + 10_000)).toBe(120_000);
    expect(limiter.consume('a', 1, T0 + 70_000)).toBe(60_000);
    expect(limiter.consume('b', 1, T0 + 70_000)).toBe(0);
    // The block is over: a new window.
    expect(limiter.consume('a', 1, T0 + 130_000)).toBe(0);
  });

  it('starts a new window once the old one ends, without a block configured', () => {
    const limiter = new MemoryLimiter({ points: 1, duration: 60 });
    expect(limiter.consume('a', 1, T0)).toBe(0);
    expect(limiter.consume('a', 1, T0 + 59_000)).toBe(1_000);
    expect(limiter.consume('a', 1, T0 + 60_000)).toBe(0);
  });

  it('adds penalty points without refusing, and blocks a key on demand', () => {
    const limiter = new MemoryLimiter(READ);
    expect(limiter.penalty('a', 2, T0)).toBe(2);
    expect(limiter.consume('a', 1, T0)).toBe(0);
    expect(limiter.consume('a', 1, T0 + 1000)).toBe(120_000);
    limiter.block('b', 30, T0);
    expect(limiter.consume('b', 1, T0 + 10_000)).toBe(20_000);
  });

  it('forgets keys whose windows are over', () => {
    const limiter = new MemoryLimiter(READ);
    for (let i = 0; i < 1000; i++) limiter.consume(`10.0.${i >> 8}.${i & 255}`, 1, T0);
    limiter.consume('late', 1, T0 + 30_000);
    expect(limiter.size(T0 + 59_000)).toBe(1001);
    expect(limiter.size(T0 + 60_000)).toBe(1);
    expect(limiter.size(T0 + 90_000)).toBe(0);
  });

  it('answers as rate-limiter-flexible’s memory limiter does, attempt by attempt', async () => {
    vi.useFakeTimers({ now: T0, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const ours = new MemoryLimiter(READ);
    const theirs = new RateLimiterMemory(READ);
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const answers: [number, number][] = [];
    for (let step = 0; step < 2000; step++) {
      vi.advanceTimersByTime(Math.floor(random() * 9_000));
      const key = `k${Math.floor(random() * 3)}`;
      const points = 1 + Math.floor(random() * 2);
      const theirWait = await theirs.consume(key, points).then(
        () => 0,
        (rejection: RateLimiterRes) => rejection.msBeforeNext,
      );
      answers.push([ours.consume(key, points), theirWait]);
    }
    expect(answers.filter(([a]) => a > 0).length).toBeGreaterThan(100);
    expect(answers.filter(([a]) => a === 0).length).toBeGreaterThan(100);
    expect(answers.map(([a]) => a)).toEqual(answers.map(([, b]) => b));
  });
});
