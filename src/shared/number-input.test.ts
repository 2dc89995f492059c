import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from './languages';
import { formatNumberInput, numberInput, parseNumberInput } from './number-input';

describe('parseNumberInput', () => {
  it.each([
    ['32,50', 32.5],
    ['32.50', 32.5],
    ['185,5', 185.5],
    ['0,01', 0.01],
    [',5', 0.5],
    ['12', 12],
    ['  7 ', 7],
    ['1 250,50', 1250.5],
    ['1 250.50', 1250.5],
    ['1\u00a0250,50', 1250.5],
    ['1\u202f250,50', 1250.5],
    ['1 000 000', 1_000_000],
    ['1.250,50', 1250.5],
    ['1,250.50', 1250.5],
    ['1,250', 1.25],
    ['-1', -1],
    ['-0,5', -0.5],
  ])('reads %j as %d', (typed, value) => {
    expect(parseNumberInput(typed)).toBe(value);
  });

  it.each([
    '',
    ' ',
    '-',
    'abc',
    '32 €',
    '32,',
    '1,2,3',
    '1.250.000',
    '1 25',
    '12 5,50',
    '1e5',
    '0x10',
    'Infinity',
    '+5',
    '3,5,0',
    '1.250,5.0',
  ])('is no number for %j', (typed) => {
    expect(parseNumberInput(typed)).toBeUndefined();
  });
});

describe('numberInput', () => {
  const rate = numberInput(z.number({ message: 'invalid' }).min(0, { message: 'invalid' }));

  it('takes typed text with either mark, and numbers as they are', () => {
    expect(rate.parse('32,50')).toBe(32.5);
    expect(rate.parse('32.50')).toBe(32.5);
    expect(rate.parse(32.5)).toBe(32.5);
  });

  it("leaves text that is no number to the field's own message", () => {
    const refused = rate.safeParse('tridsať');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('invalid');
  });
});

describe('formatNumberInput', () => {
  it('writes the decimal mark of the page language, two decimals only for cents', () => {
    expect(formatNumberInput(32.5, 'sk')).toBe('32,50');
    expect(formatNumberInput(32.5, 'cs')).toBe('32,50');
    expect(formatNumberInput(32.5, 'en')).toBe('32.50');
    expect(formatNumberInput(1250.5, 'sk')).toBe('1250,50');
    expect(formatNumberInput(40, 'ru')).toBe('40');
    expect(formatNumberInput(null, 'sk')).toBe('');
  });

  it.each(LANGUAGES)('reads back what it writes in %s', (language) => {
    for (const value of [0, 0.01, 32.5, 1250.5, 999_999.99]) {
      expect(parseNumberInput(formatNumberInput(value, language))).toBe(value);
    }
  });
});
