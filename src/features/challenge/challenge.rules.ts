/** The maths question: two integers 1–10 with plus, minus or times; a subtraction never goes below zero. */
export type Operator = '+' | '-' | '×';

export interface MathQuestion {
  a: number;
  b: number;
  op: Operator;
}

export function makeQuestion(random: () => number = Math.random): MathQuestion {
  const pick = () => 1 + Math.floor(random() * 10);
  const op = (['+', '-', '×'] as const)[Math.floor(random() * 3)]!;
  let a = pick();
  let b = pick();
  if (op === '-' && b > a) [a, b] = [b, a];
  return { a, b, op };
}

export function answerOf({ a, b, op }: MathQuestion): number {
  return op === '+' ? a + b : op === '-' ? a - b : a * b;
}

export const questionText = ({ a, b, op }: MathQuestion) => `${a} ${op} ${b}`;
