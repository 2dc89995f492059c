import { describe, expect, it } from 'vitest';
import { integerTicks } from './chart-ticks';

describe('the whole-number ticks of the alerts chart', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [2, [0, 1, 2]],
    [3, [0, 1, 2, 3]],
    [5, [0, 1, 2, 3, 4, 5]],
    [6, [0, 2, 4, 6]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 2, 4, 6, 8, 10]],
    [11, [0, 5, 10, 15]],
    [23, [0, 5, 10, 15, 20, 25]],
    [48, [0, 10, 20, 30, 40, 50]],
    [99, [0, 20, 40, 60, 80, 100]],
    [1234, [0, 500, 1000, 1500]],
  ])('a highest value of %i is read on %j', (max, ticks) => {
    expect(integerTicks(max)).toEqual(ticks);
  });

  it('gives whole, distinct, rising ticks from 0 that reach the highest value', () => {
    for (let max = 0; max <= 5000; max++) {
      const ticks = integerTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every(Number.isInteger)).toBe(true);
      const step = ticks[1]! - ticks[0]!;
      ticks.forEach((tick, index) => expect(tick).toBe(index * step));
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)! - step).toBeLessThan(Math.max(max, 1));
    }
  });

  it('treats a missing or broken highest value as none', () => {
    expect(integerTicks(-3)).toEqual([0, 1]);
    expect(integerTicks(Number.NaN)).toEqual([0, 1]);
    expect(integerTicks(0.4)).toEqual([0, 1]);
  });
});
