import { describe, expect, it } from 'vitest';
import { groupShare, type TermStats, type WordGroup } from './term-stats';

/** A small generator of the same numbers on every run. */
function numbers(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
}

/** The share as the words are defined: each common word the prefix starts or the group names. */
function shareOfEachWord(group: WordGroup, frequencies: Map<string, number>) {
  let covered = 0;
  for (const [word, share] of frequencies) {
    const prefixed = group.prefix !== null && word.startsWith(group.prefix);
    if (prefixed || group.exact.includes(word)) covered += share;
  }
  return covered;
}

describe('groupShare', () => {
  it('covers each common word the prefix starts or the group names once, as a walk over all does', () => {
    const next = numbers(7);
    const letters = 'abcčdeiknoprsšt';
    const wordOf = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
    const frequencies = new Map<string, number>();
    while (frequencies.size < 1_000)
      frequencies.set(wordOf(2 + Math.floor(next() * 6)), next() / 50);
    const stats: TermStats = {
      frequencies,
      locationFrequencies: undefined,
      categories: new Map(),
      rows: 1_000,
    };
    const common = [...frequencies.keys()];
    let nonZero = 0;
    for (let round = 0; round < 2_000; round++) {
      const exact = Array.from({ length: Math.floor(next() * 5) }, () =>
        next() < 0.6 ? common[Math.floor(next() * common.length)]! : wordOf(4),
      );
      if (exact.length > 0 && next() < 0.3) exact.push(exact[0]!); // named twice
      const group: WordGroup = {
        prefix: next() < 0.2 ? null : wordOf(1 + Math.floor(next() * 3)),
        exact,
      };
      const expected = shareOfEachWord(group, frequencies);
      if (expected > 0) nonZero++;
      expect(groupShare(group, stats)).toBeCloseTo(expected, 12);
    }
    expect(nonZero).toBeGreaterThan(1_000);
  });

  it('takes the known bound over the statistics when there is one', () => {
    const stats: TermStats = {
      frequencies: new Map([['oprava', 0.2]]),
      locationFrequencies: undefined,
      categories: new Map(),
      rows: 1_000,
    };
    expect(groupShare({ prefix: 'oprav', exact: [], bound: 50 }, stats)).toBe(0.05);
    expect(groupShare({ prefix: 'oprav', exact: [] }, stats)).toBe(0.2);
  });
});
