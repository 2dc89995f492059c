/** At most this many steps between the chart's bottom line and its top one. */
const MAX_STEPS = 5;

/**
 * The y-axis of a chart of counts: whole, distinct numbers from 0, one "nice" step apart (1, 2
 * or 5 times a power of ten), the last at or just above `max`. A chart with nothing to show
 * (max 0) still gets an axis of 0 and 1, so its flat line sits on 0 rather than in the middle.
 */
export function integerTicks(max: number): number[] {
  const highest = Number.isFinite(max) && max > 0 ? Math.ceil(max) : 1;
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const fitting = [1, 2, 5].map((nice) => nice * power).find((s) => highest / s <= MAX_STEPS);
    if (fitting !== undefined) {
      step = fitting;
      break;
    }
  }
  const steps = Math.ceil(highest / step);
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}
