import { describe, expect, it } from 'vitest';
import { answerTimeOf, answerWindowStart, medianOf, MIN_ANSWERS } from './provider-stats.rules';

const minutes = (n: number) => n * 60;
const hours = (n: number) => n * 3600;

describe('the answer-time figure', () => {
  it('says nothing below three answers in the window', () => {
    expect(answerTimeOf({ medianAnswerSeconds: hours(2), answeredCount: MIN_ANSWERS - 1 })).toBe(
      null,
    );
    expect(answerTimeOf({ medianAnswerSeconds: null, answeredCount: 5 })).toBe(null);
  });

  it('rounds up into whole hours, an hour at least', () => {
    const of = (seconds: number) =>
      answerTimeOf({ medianAnswerSeconds: seconds, answeredCount: 3 });
    expect(of(0)).toEqual({ unit: 'hours', count: 1 });
    expect(of(minutes(40))).toEqual({ unit: 'hours', count: 1 });
    expect(of(hours(1))).toEqual({ unit: 'hours', count: 1 });
    expect(of(hours(2) + minutes(10))).toEqual({ unit: 'hours', count: 3 });
    expect(of(hours(24))).toEqual({ unit: 'hours', count: 24 });
  });

  it('speaks in days beyond a day', () => {
    const of = (seconds: number) =>
      answerTimeOf({ medianAnswerSeconds: seconds, answeredCount: 9 });
    expect(of(hours(24) + 1)).toEqual({ unit: 'days', count: 2 });
    expect(of(hours(30))).toEqual({ unit: 'days', count: 2 });
    expect(of(hours(72))).toEqual({ unit: 'days', count: 3 });
  });

  it('takes the middle answer, or the mean of the two middle ones', () => {
    expect(medianOf([])).toBe(null);
    expect(medianOf([hours(5), hours(1), hours(3)])).toBe(hours(3));
    expect(medianOf([10, 20, 30, 41])).toBe(25);
  });

  it('looks back 90 days', () => {
    expect(answerWindowStart(new Date('2026-04-01T00:00:00Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
