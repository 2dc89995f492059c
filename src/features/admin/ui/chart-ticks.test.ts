import { describe, expect, it } from 'vitest';
import { wholeTicks } from './chart-ticks';

describe('the alerts chart y-axis', () => {
  it('reads 0 and 1 for at most one a minute, never "1, 1, 0"', () => {
    expect(wholeTicks(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(wholeTicks(0)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('has whole, distinct, evenly spaced ticks up to a top at or above the peak', () => {
    expect(wholeTicks(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(wholeTicks(5)).toEqual({ top: 6, ticks: [0, 2, 4, 6] });
    expect(wholeTicks(12)).toEqual({ top: 15, ticks: [0, 5, 10, 15] });
    expect(wholeTicks(397)).toEqual({ top: 400, ticks: [0, 100, 200, 300, 400] });
    for (let max = 0; max <= 2000; max += 7) {
      const { top, ticks } = wholeTicks(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)).toBe(top);
    }
  });
});
