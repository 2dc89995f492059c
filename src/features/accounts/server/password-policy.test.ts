import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import { dictionary } from '@zxcvbn-ts/language-common';
import { isCommonPassword, passwordProblem, refuseCommonPassword } from './password-policy';

describe('the server password policy', () => {
  it('accepts a password that meets the rule and is not common', () => {
    expect(passwordProblem('Čučoriedka1')).toBeUndefined();
    expect(passwordProblem('ŽltýKôň99')).toBeUndefined();
    expect(passwordProblem('Жовтень2025')).toBeUndefined();
  });

  it('names what is missing in one English sentence', () => {
    expect(passwordProblem('čučoriedka1')).toBe('Password must contain an uppercase letter.');
    expect(passwordProblem('ČUČORIEDKA1')).toBe('Password must contain a lowercase letter.');
    expect(passwordProblem('Čučoriedka')).toBe('Password must contain a digit.');
    expect(passwordProblem('Aa1')).toBe('Password must be at least 8 characters long.');
  });

  it('refuses a common password even when it meets the rule', () => {
    expect(passwordProblem('Password1')).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    expect(() => refuseCommonPassword('Password1')).toThrow(AppError);
    expect(() => refuseCommonPassword('Čučoriedka1')).not.toThrow();
  });

  it('finds every password of the zxcvbn-ts list, in any case, and nothing beside them', () => {
    const words = dictionary['passwords-common'] as string[];
    const listed = new Set(words);
    expect(words.filter((word) => !isCommonPassword(word))).toEqual([]);
    expect(words.filter((word) => !isCommonPassword(word.toUpperCase()))).toEqual([]);
    const near = words.flatMap((word) => [`${word}~`, `!${word}`, word.slice(1), `${word}\n`]);
    expect(near.filter((word) => isCommonPassword(word) !== listed.has(word))).toEqual([]);
  });
});
