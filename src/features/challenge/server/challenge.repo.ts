import { lt } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { usedChallenges } from './tables';

/**
 * Marks a signed token's id as used, on every instance; answers false when it was used before.
 * Also serves other single-use signed tokens (the second-factor sign-in step).
 */
export async function claimOnce(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const claimed = await db
    .insert(usedChallenges)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: usedChallenges.id });
  return claimed.length > 0;
}

/** Forgets the used ids whose tokens have expired (no signature would be accepted any more). */
export async function deleteExpiredClaims(db: Db, now: Date) {
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now));
}
