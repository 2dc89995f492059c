import { describe, expect, it } from 'vitest';
import {
  formatListTime,
  formatMessageTime,
  groupByDay,
  marketDay,
  relativeDay,
} from './message-days';

const at = (createdAt: string, id = createdAt) => ({ id, createdAt });

describe('days of messages', () => {
  it('are the days of Bratislava, not of UTC', () => {
    // 23:30 UTC in summer is already 01:30 of the next day in Bratislava (UTC+2).
    expect(marketDay('2026-07-14T23:30:00.000Z')).toBe('2026-07-15');
    // In winter (UTC+1) 22:59 UTC is still the same evening.
    expect(marketDay('2026-01-14T22:59:00.000Z')).toBe('2026-01-14');
    expect(marketDay('2026-01-14T23:00:00.000Z')).toBe('2026-01-15');
  });

  it('gather consecutive messages under their day, oldest first', () => {
    const messages = [
      at('2026-03-01T08:00:00.000Z', 'a'),
      at('2026-03-01T20:00:00.000Z', 'b'),
      at('2026-03-01T23:30:00.000Z', 'c'),
      at('2026-03-03T09:00:00.000Z', 'd'),
    ];
    expect(
      groupByDay(messages).map(({ day, messages }) => [day, messages.map((m) => m.id)]),
    ).toEqual([
      ['2026-03-01', ['a', 'b']],
      ['2026-03-02', ['c']],
      ['2026-03-03', ['d']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('name today and yesterday, across a month and a change of clocks', () => {
    const now = new Date('2026-03-29T10:00:00.000Z'); // the day summer time starts
    expect(relativeDay('2026-03-29', now)).toBe('today');
    expect(relativeDay('2026-03-28', now)).toBe('yesterday');
    expect(relativeDay('2026-03-27', now)).toBeUndefined();
    expect(relativeDay('2026-02-28', new Date('2026-03-01T06:00:00.000Z'))).toBe('yesterday');
    // Just after midnight in Bratislava, still the evening before in UTC.
    expect(relativeDay('2026-06-02', new Date('2026-06-01T22:30:00.000Z'))).toBe('today');
  });
});

describe('times of messages', () => {
  it('are written on Bratislava’s clock in the page’s language', () => {
    expect(formatMessageTime('2026-07-14T12:05:00.000Z', 'sk')).toBe('14:05');
    expect(formatMessageTime('2026-07-14T12:05:00.000Z', 'en')).toBe('14:05');
    expect(formatMessageTime('2026-01-14T12:05:00.000Z', 'ru')).toBe('13:05');
  });

  it('show the time for today in the list, and the date for older ones', () => {
    const now = new Date('2026-07-14T15:00:00.000Z');
    expect(formatListTime('2026-07-14T06:00:00.000Z', now, 'en')).toBe('08:00');
    expect(formatListTime('2026-07-12T06:00:00.000Z', now, 'en')).toBe('12/07/2026');
    expect(formatListTime('2026-07-12T06:00:00.000Z', now, 'sk')).toMatch(/^12\. ?7\. ?2026$/);
  });
});
