import { describe, expect, it } from 'vitest';
import { firstAtOrAfter } from './sorted';

describe('firstAtOrAfter', () => {
  it('finds where a value stands or would stand among sorted numbers and words', () => {
    const numbers = Float64Array.from([-1.5, 0, 0, 2, 7]);
    expect([-9, -1.5, 0, 1, 2, 7, 8].map((n) => firstAtOrAfter(numbers, n))).toEqual([
      0, 0, 1, 3, 3, 4, 5,
    ]);
    const words = ['oprava', 'oprava', 'oprav', 'strecha'].sort();
    expect(firstAtOrAfter(words, 'oprav')).toBe(0);
    expect(firstAtOrAfter(words, 'opravy')).toBe(3);
    expect(firstAtOrAfter(words, 'z')).toBe(4);
    expect(firstAtOrAfter([], 'a')).toBe(0);
  });
});
