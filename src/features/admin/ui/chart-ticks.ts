/**
 * The y-axis of a count chart: whole, distinct ticks from 0 to a top at or above `max`, at most
 * `most` intervals, each step 1, 2 or 5 times a power of ten (0–1 for max 1, 0–2–4 for max 3,
 * 0–5–10–15 for max 12). With nothing counted the axis still reads 0 and 1.
 */
export function wholeTicks(max: number, most = 4): { top: number; ticks: number[] } {
  const ceiling = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((factor) => factor * power).find((s) => ceiling / s <= most);
    if (found) {
      step = found;
      break;
    }
  }
  const top = Math.ceil(ceiling / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) };
}
