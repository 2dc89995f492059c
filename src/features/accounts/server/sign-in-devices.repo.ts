import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../server/db/database';
import { signInDevices } from './tables';

/**
 * Records that the account signed in from this device now, and forgets the account's devices not
 * seen since `forgetBefore`. Answers when the device signed in before (within the memory), if it
 * did.
 */
export async function rememberSignInDevice(
  tx: Tx,
  userId: string,
  deviceKey: string,
  now: Date,
  forgetBefore: Date,
): Promise<Date | undefined> {
  await tx
    .delete(signInDevices)
    .where(and(eq(signInDevices.userId, userId), lt(signInDevices.lastSignedInAt, forgetBefore)));
  const [before] = await tx
    .select({ lastSignedInAt: signInDevices.lastSignedInAt })
    .from(signInDevices)
    .where(and(eq(signInDevices.userId, userId), eq(signInDevices.deviceKey, deviceKey)))
    .for('update');
  await tx
    .insert(signInDevices)
    .values({ userId, deviceKey, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInDevices.userId, signInDevices.deviceKey],
      set: { lastSignedInAt: sql`excluded.last_signed_in_at` },
    });
  return before?.lastSignedInAt;
}
