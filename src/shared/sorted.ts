/**
 * The first index of `sorted` (ascending, by `<`) whose value is at or after `value`: where it
 * stands or would stand. Binary search, for the few lists kept sorted to be looked up often
 * (places by latitude, the common search words).
 */
export function firstAtOrAfter<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
