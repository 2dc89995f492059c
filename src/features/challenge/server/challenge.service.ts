import { randomUUID } from 'node:crypto';
import type { Db } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import type { Signer } from '../../../server/signed-token';
import { answerOf, makeQuestion, questionText, type MathQuestion } from '../challenge.rules';
import type { Challenge } from '../challenge.schema';
import { claimOnce, deleteExpiredClaims } from './challenge.repo';

const PURPOSE = 'challenge';
const TTL_SECONDS = 10 * 60;

export function issueChallenge(signer: Signer): Challenge {
  const question = makeQuestion();
  return {
    question: questionText(question),
    token: signer.sign(PURPOSE, { ...question, id: randomUUID() }, TTL_SECONDS),
  };
}

/**
 * Checks an answer against its signed token. A token is good for one answer only, on every
 * instance: its id is recorded in the database, and a second use is refused.
 */
export async function checkChallenge(
  db: Db,
  signer: Signer,
  input: { math_answer?: number | string | undefined; challenge_token?: string | undefined },
): Promise<void> {
  const answer =
    typeof input.math_answer === 'string' ? input.math_answer.trim() : input.math_answer;
  if (answer === undefined || answer === '' || !input.challenge_token) {
    throw new AppError('challenge_required', 'Please answer the security question.');
  }
  const payload = signer.verify<MathQuestion & { id: string }>(PURPOSE, input.challenge_token);
  if (!payload)
    throw new AppError(
      'challenge_expired',
      'The security question has expired. Please answer a new one.',
    );
  if (!(await claimOnce(db, payload.id, new Date(payload.exp * 1000)))) {
    throw new AppError(
      'challenge_expired',
      'The security question has expired. Please answer a new one.',
    );
  }
  if (Number(answer) !== answerOf(payload)) {
    throw new AppError('challenge_failed', 'Incorrect answer to the security question.');
  }
  await deleteExpiredClaims(db, new Date());
}
