import type { Db } from '../../../server/db/database';
import type { Signer } from '../../../server/signed-token';
import {
  addFailure,
  writeLock,
  type FailureCounter,
  type FailureState,
} from './sign-in-failures.repo';

/** Spec accounts §4 lockout: 5 consecutive failures lock sign-in for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

/** The address as a key: an HMAC, so the table does not collect the addresses people try. */
export const emailKeyOf = (signer: Signer, email: string) =>
  signer.mac(`sign-in-failures.${email.trim().toLowerCase()}`);

export const isLocked = (state: FailureState) =>
  state.lockUntil !== null && state.lockUntil.getTime() > Date.now();

/**
 * Counts one failed sign-in and locks when it is the fifth in a row; answers whether it locked.
 * A lock that ran out starts a fresh count.
 */
export async function countFailedSignIn(db: Db, counter: FailureCounter): Promise<boolean> {
  const attempts = await addFailure(db, counter);
  if (attempts < MAX_FAILED_SIGN_INS) return false;
  await writeLock(db, counter, new Date(Date.now() + LOCK_MINUTES * 60 * 1000));
  return true;
}
