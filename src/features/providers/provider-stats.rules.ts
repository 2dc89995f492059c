/**
 * The figures of a provider's page and directory card (issue 33, docs/work-photos.md "Figures"):
 * how soon they usually answer, from their answers of the last 90 days.
 */

/** Answers counted are those of the last 90 days: the window slides with the daily refresh. */
export const ANSWER_WINDOW_DAYS = 90;

/** Fewer answers than this in the window say nothing yet: no figure is shown. */
export const MIN_ANSWERS = 3;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** "Usually answers within N hours" (1 to 24) or, beyond a day, "within N days". */
export interface AnswerTime {
  unit: 'hours' | 'days';
  count: number;
}

/**
 * The median answer put in words, rounded up so the promise holds: 40 minutes is "within an
 * hour", 2 h 10 min "within 3 hours", 30 hours "within 2 days". Nothing below MIN_ANSWERS.
 */
export function answerTimeOf(stats: {
  medianAnswerSeconds: number | null;
  answeredCount: number;
}): AnswerTime | null {
  const median = stats.medianAnswerSeconds;
  if (median === null || stats.answeredCount < MIN_ANSWERS) return null;
  const hours = Math.max(1, Math.ceil(median / HOUR));
  if (hours <= 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.ceil(median / DAY) };
}

/** The median of a list of durations (seconds), rounded to whole seconds; null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(median);
}

/** Where the window of answers starts, seen at `now`. */
export const answerWindowStart = (now: Date) =>
  new Date(now.getTime() - ANSWER_WINDOW_DAYS * DAY * 1000);
