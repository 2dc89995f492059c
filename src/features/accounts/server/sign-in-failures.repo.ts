import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { signInFailures, users } from './tables';

/**
 * Whose failures a sign-in counts: the account's, or — when no account has the address — the
 * address's own, kept the same way so that both answer alike (docs/security.md "What refusals reveal").
 */
export type FailureCounter = { userId: string } | { emailKey: string };

export interface FailureState {
  failedLoginAttempts: number;
  lockUntil: Date | null;
}

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

/** Counts one failure and answers the count; after a lock that ran out, the count starts at 1. */
export async function addFailure(db: Db, counter: FailureCounter): Promise<number> {
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

export async function writeLock(db: Db, counter: FailureCounter, lockUntil: Date) {
  if ('userId' in counter) {
    await db.update(users).set({ lockUntil }).where(eq(users.id, counter.userId));
  } else {
    await db
      .update(signInFailures)
      .set({ lockUntil })
      .where(eq(signInFailures.emailKey, counter.emailKey));
  }
}

/** A success ends the count (only an account can succeed). */
export async function clearFailedSignIns(db: Db, userId: string) {
  await db
    .update(users)
    .set({ failedLoginAttempts: 0, lockUntil: null })
    .where(eq(users.id, userId));
}
