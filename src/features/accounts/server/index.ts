/**
 * What other features may use of accounts: people by id, who may post, and the `users` table as a
 * join target for names and account status (read only; every write goes through this feature).
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { clientProfiles, providerProfiles, users } from './accounts.table';

export { findUserById, type UserRow } from './accounts.repo';
export { presentProviderFields } from './accounts.presenter';
export { users } from './accounts.table';

/** A client with a verified email (spec core §6: who may post), or undefined. */
export async function isVerifiedClient(db: Db, id: string) {
  const [client] = await db
    .select({ name: users.name, email: users.email, verified: users.emailVerified })
    .from(users)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.id, id));
  return client?.verified ? { name: client.name, email: client.email } : undefined;
}

export { providerProfiles } from './accounts.table';

type ProviderProfileValues = Partial<Omit<typeof providerProfiles.$inferInsert, 'userId'>>;

/**
 * Writes a provider's name and profile fields, returning the picture key they had before (so the
 * caller can remove a replaced picture once the change is committed). Locks the profile row.
 */
export async function writeProviderProfile(
  tx: Tx,
  userId: string,
  name: string,
  values: ProviderProfileValues,
) {
  const [current] = await tx
    .select({ key: providerProfiles.pictureKey })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId))
    .for('update');
  await tx.update(users).set({ name }).where(eq(users.id, userId));
  await tx.update(providerProfiles).set(values).where(eq(providerProfiles.userId, userId));
  return current?.key ?? null;
}

export { clientProfiles } from './accounts.table';
export { deleteAccount } from './own-account.service';
export { setAccountStatusByAdministrator, unlockSignIn } from './accounts.service';

/** Writes a client's name and phone (an administrator's correction). */
export async function writeClientProfile(
  tx: Tx,
  userId: string,
  name: string,
  phoneNumber: string | null,
) {
  await tx.update(users).set({ name }).where(eq(users.id, userId));
  await tx.update(clientProfiles).set({ phoneNumber }).where(eq(clientProfiles.userId, userId));
}

/** Provider accounts that are active (shown to others, may bid). */
export async function countActiveProviders(db: Db) {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.role, 'provider'), eq(users.accountStatus, 'active')));
  return row?.total ?? 0;
}
