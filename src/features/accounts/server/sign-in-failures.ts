import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { signInFailures, users } from './tables';
import type { Signer } from '../../../server/signed-token';

/** Spec accounts §4 lockout: 5 consecutive failures lock sign-in for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

/**
 * Whose failures a sign-in counts: the account's, or — when no account has the address — the
 * address's own, kept the same way so that both answer alike (docs/security.md "What refusals reveal").
 */
export type FailureCounter = { userId: string } | { emailKey: string };

export interface FailureState {
  failedLoginAttempts: number;
  lockUntil: Date | null;
}

/** The address as a key: an HMAC, so the table does not collect the addresses people try. */
export const emailKeyOf = (signer: Signer, email: string) =>
  signer.mac(`sign-in-failures.${email.trim().toLowerCase()}`);

export async function findAddressFailures(db: Db, emailKey: string): Promise<FailureState> {
  const [row] = await db
    .select({
      failedLoginAttempts: signInFailures.failedLoginAttempts,
      lockUntil: signInFailures.lockUntil,
    })
    .from(signInFailures)
    .where(eq(signInFailures.emailKey, emailKey))
    .limit(1);
  return row ?? { failedLoginAttempts: 0, lockUntil: null };
}

export const isLocked = (state: FailureState) =>
  state.lockUntil !== null && state.lockUntil.getTime() > Date.now();

/**
 * Counts one failed sign-in and locks when it is the fifth in a row; answers whether it locked.
 * A lock that ran out starts a fresh count.
 */
export async function countFailedSignIn(db: Db, counter: FailureCounter): Promise<boolean> {
  const attempts = await addFailure(db, counter);
  if (attempts < MAX_FAILED_SIGN_INS) return false;
  const lockUntil = new Date(Date.now() + LOCK_MINUTES * 60 * 1000);
  if ('userId' in counter) {
    await db.update(users).set({ lockUntil }).where(eq(users.id, counter.userId));
  } else {
    await db
      .update(signInFailures)
      .set({ lockUntil })
      .where(eq(signInFailures.emailKey, counter.emailKey));
  }
  return true;
}

async function addFailure(db: Db, counter: FailureCounter): Promise<number> {
  if ('userId' in counter) {
    const [counted] = await db
      .update(users)
      .set({
        failedLoginAttempts: sql`case when ${users.lockUntil} is not null then 1 else ${users.failedLoginAttempts} + 1 end`,
        lockUntil: null,
      })
      .where(eq(users.id, counter.userId))
      .returning({ attempts: users.failedLoginAttempts });
    return counted?.attempts ?? 0;
  }
  const [counted] = await db
    .insert(signInFailures)
    .values({ emailKey: counter.emailKey, failedLoginAttempts: 1 })
    .onConflictDoUpdate({
      target: signInFailures.emailKey,
      set: {
        failedLoginAttempts: sql`case when ${signInFailures.lockUntil} is not null then 1 else ${signInFailures.failedLoginAttempts} + 1 end`,
        lockUntil: null,
        updatedAt: new Date(),
      },
    })
    .returning({ attempts: signInFailures.failedLoginAttempts });
  return counted?.attempts ?? 0;
}

/** A success ends the count (only an account can succeed). */
export async function clearFailedSignIns(db: Db, userId: string) {
  await db
    .update(users)
    .set({ failedLoginAttempts: 0, lockUntil: null })
    .where(eq(users.id, userId));
}
