import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { twoFactor, twoFactorRecoveryCodes } from './tables';

/** Whether the account has a confirmed authenticator: then no session without a code. */
export async function hasTwoFactor(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

/** The account's authenticator, confirmed or still being enrolled. */
export async function findTwoFactor(db: Db, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

export async function countUnusedRecoveryCodes(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Stores a new secret for an enrolment, replacing one never confirmed (never a confirmed one). */
export async function writePendingSecret(db: Db, userId: string, secretEncrypted: string) {
  await db
    .insert(twoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
      where: isNull(twoFactor.enabledAt),
    });
}

/**
 * Records a code's step as used if it is later than the last one used, in one statement, so two
 * requests cannot both spend the same code. Answers whether it was recorded.
 */
export async function recordUsedStep(db: Db, userId: string, step: number) {
  const [spent] = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return spent !== undefined;
}

export async function findUnusedRecoveryCodes(db: Db, userId: string) {
  return db
    .select()
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
}

/** Marks a recovery code used unless it already is; answers whether this call used it. */
export async function markRecoveryCodeUsed(db: Db, id: string) {
  const [spent] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent !== undefined;
}

/** Replaces every recovery code of the account with these (salted hashes only). */
export async function replaceRecoveryCodes(
  tx: Tx,
  userId: string,
  codes: { salt: string; codeHash: string }[],
) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, ...code })));
}

export async function markTwoFactorEnabled(tx: Tx, userId: string) {
  await tx.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, userId));
}

/** Removes the authenticator and every recovery code of the account. */
export async function deleteTwoFactor(tx: Tx, userId: string) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
}
