import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { clientProfiles, providerProfiles, users } from './tables';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByGoogleId(db: Db, googleId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleId, googleId)).limit(1);
  return row;
}

/** A user with the profile of their role, for presenting the account. */
export async function loadAccount(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, client: clientProfiles, provider: providerProfiles })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

/** A client with a verified email (spec core §6: who may post), or undefined. */
export async function isVerifiedClient(db: Db, id: string) {
  const [client] = await db
    .select({ name: users.name, email: users.email, verified: users.emailVerified })
    .from(users)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.id, id));
  return client?.verified ? { name: client.name, email: client.email } : undefined;
}

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

/** The storage key of a provider's picture, if they have one. */
export async function pictureKeyOf(db: Db, userId: string) {
  const [row] = await db
    .select({ key: providerProfiles.pictureKey })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row?.key ?? null;
}

/** Deletes the account row; its profile, sessions, tokens, requests and bids go with it (cascade). */
export async function deleteUserRow(tx: Tx, userId: string) {
  await tx.delete(users).where(eq(users.id, userId));
}
