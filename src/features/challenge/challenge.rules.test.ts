import { describe, expect, it } from 'vitest';
import { answerOf, makeQuestion, questionText } from './challenge.rules';

describe('the maths question', () => {
  it('uses operands 1–10 and never a negative subtraction', () => {
    for (let i = 0; i < 2000; i++) {
      const question = makeQuestion();
      expect(question.a).toBeGreaterThanOrEqual(1);
      expect(question.a).toBeLessThanOrEqual(10);
      expect(question.b).toBeGreaterThanOrEqual(1);
      expect(question.b).toBeLessThanOrEqual(10);
      expect(answerOf(question)).toBeGreaterThanOrEqual(0);
    }
  });

  it('computes each operator and shows the question plainly', () => {
    expect(answerOf({ a: 7, b: 3, op: '+' })).toBe(10);
    expect(answerOf({ a: 7, b: 3, op: '-' })).toBe(4);
    expect(answerOf({ a: 7, b: 3, op: '×' })).toBe(21);
    expect(questionText({ a: 7, b: 3, op: '×' })).toBe('7 × 3');
  });

  it('turns a subtraction around when the second number is larger', () => {
    const values = [0.5, 0.05, 0.85]; // op = '-', a = 1, b = 9
    const question = makeQuestion(() => values.shift()!);
    expect(question).toEqual({ a: 9, b: 1, op: '-' });
  });
});
