import { describe, expect, it } from 'vitest';
import { formatDay, formatEuro, formatTimeAgo } from './format';
import { LANGUAGES } from './languages';

describe('formatEuro', () => {
  it.each(LANGUAGES)('writes the euro sign in %s, never "EUR"', (language) => {
    const written = formatEuro(125_050, language);
    expect(written).toContain('€');
    expect(written).not.toContain('EUR');
  });

  it('groups and rounds as the language does', () => {
    expect(formatEuro(125_050, 'sk').replace(/\s/g, ' ')).toBe('1 250,50 €');
    expect(formatEuro(125_050, 'en')).toBe('€1,250.50');
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  // Intl separates some numbers from units with a no-break space; compared as plain spaces.
  const said = (value: Date, language: (typeof LANGUAGES)[number]) =>
    formatTimeAgo(value, now, language).replace(/\s/g, ' ');

  it.each([
    ['sk', 'pred 2 h', 'pred 5 min', 'včera', 'teraz'],
    ['en', '2 hr ago', '5 min ago', 'yesterday', 'now'],
    ['uk', '2 год тому', '5 хв тому', 'учора', 'зараз'],
    ['ru', '2 ч назад', '5 мин. назад', 'вчера', 'сейчас'],
    ['cs', 'před 2 h', 'před 5 min', 'včera', 'nyní'],
  ] as const)('says how long ago in %s', (language, hours, minutes, yesterday, justNow) => {
    expect(said(ago(2 * hour + 10 * minute), language)).toBe(hours);
    expect(said(ago(5 * minute + 59_000), language)).toBe(minutes);
    expect(said(ago(30 * hour), language)).toBe(yesterday);
    expect(said(ago(20_000), language)).toBe(justNow);
  });

  it('uses the largest unit that fits', () => {
    expect(said(ago(3 * day), 'en')).toBe('3 days ago');
    expect(said(ago(15 * day), 'en')).toBe('2 wk ago');
    expect(said(ago(65 * day), 'en')).toBe('2 mo ago');
    expect(said(ago(800 * day), 'en')).toBe('2 yr ago');
  });

  it('calls a time a little ahead of this clock "now", never "in a minute"', () => {
    expect(said(new Date(now.getTime() + 3 * minute), 'en')).toBe('now');
  });
});

describe('formatDay', () => {
  it('shows the same calendar day whatever the time zone', () => {
    expect(formatDay('2026-05-01', 'en')).toBe('1 May 2026');
    expect(formatDay('2026-05-01', 'sk').replace(/\s/g, ' ')).toBe('1. 5. 2026');
  });
});
