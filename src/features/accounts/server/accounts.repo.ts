import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import type { Language } from '../../../shared/languages';
import {
  activeProvider,
  administratorProfiles,
  clientProfiles,
  providerProfiles,
  users,
} from './tables';
import { places } from '../../places/server/tables';

export type UserRow = typeof users.$inferSelect;
export type AccountStatus = UserRow['accountStatus'];

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
    .select({ user: users, client: clientProfiles, provider: providerProfiles, place: places })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    // The client's usual place, or the town a provider works from: an account has one profile.
    .leftJoin(
      places,
      sql`${places.id} = coalesce(${clientProfiles.placeId}, ${providerProfiles.placeId})`,
    )
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

/**
 * Writes a client's name and phone (an administrator's correction), and the location and usual
 * place when they are given (the client's own form).
 */
export async function writeClientProfile(
  tx: Tx,
  userId: string,
  name: string,
  phoneNumber: string | null,
  usual?: { location: string | null; placeId: number | null },
) {
  await tx.update(users).set({ name }).where(eq(users.id, userId));
  await tx
    .update(clientProfiles)
    .set({ phoneNumber, ...usual })
    .where(eq(clientProfiles.userId, userId));
}

/** Provider accounts that are active (shown to others, may bid). */
export async function countActiveProviders(db: Db) {
  const [row] = await db.select({ total: count() }).from(users).where(activeProvider);
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

type NewAccount = Omit<typeof users.$inferInsert, 'role'> & { role: 'client' | 'provider' };

/**
 * Inserts a client's or a provider's account with the profile of its role (a provider's contact
 * address starts as the account's). Undefined when an account has the email already.
 */
export async function insertAccount(
  tx: Tx,
  values: NewAccount,
  phone: string | null = null,
): Promise<UserRow | undefined> {
  const [created] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  if (!created) return undefined;
  if (values.role === 'client') {
    await tx.insert(clientProfiles).values({ userId: created.id, phoneNumber: phone });
  } else {
    await tx.insert(providerProfiles).values({
      userId: created.id,
      contactEmail: created.email,
      contactPhone: phone,
    });
  }
  return created;
}

/** Inserts a verified administrator with every permission. */
export async function insertAdministrator(
  tx: Tx,
  values: { email: string; name: string; passwordHash: string },
) {
  const [admin] = await tx
    .insert(users)
    .values({ ...values, role: 'administrator', emailVerified: true })
    .returning({ id: users.id });
  await tx.insert(administratorProfiles).values({ userId: admin!.id, permissions: ['*'] });
}

export async function markEmailVerified(db: Db, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

export async function writePasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** A new password from a reset link, which also lifts a lockout; undefined for no such account. */
export async function writeResetPassword(
  tx: Tx,
  userId: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [changed] = await tx
    .update(users)
    .set({ passwordHash, failedLoginAttempts: 0, lockUntil: null })
    .where(eq(users.id, userId))
    .returning();
  return changed;
}

export async function writePreferredLanguage(db: Db, userId: string, language: Language) {
  await db.update(users).set({ preferredLanguage: language }).where(eq(users.id, userId));
}

/** The `bid_emails` switch: all mail about bids on (true) or not (false). */
export async function writeBidEmails(db: Db | Tx, userId: string, bidEmails: boolean) {
  await db.update(users).set({ bidEmails }).where(eq(users.id, userId));
}

/**
 * The account's status, its row locked until the transaction ends; undefined for no such account.
 * `no key update`, the lock the status's own update takes: status changes wait for each other,
 * while rows that merely point at the account (a notification, a session) may still be written.
 * A stronger lock would wait for a bid's withdrawal that holds its request and writes the client's
 * notification, while the client's disabling, holding the account, turns their requests off: a
 * deadlock.
 */
export async function lockAccountStatus(
  tx: Tx,
  userId: string,
): Promise<AccountStatus | undefined> {
  const [row] = await tx
    .select({ status: users.accountStatus })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.status;
}

export async function writeAccountStatus(
  tx: Tx,
  userId: string,
  status: AccountStatus,
  disabledBy: 'self' | 'administrator' | null,
) {
  await tx.update(users).set({ accountStatus: status, disabledBy }).where(eq(users.id, userId));
}

/** Turns on an account its owner turned off; undefined when it is not (or no longer) such an account. */
export async function enableSelfDisabled(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ accountStatus: 'active', disabledBy: null })
    .where(and(eq(users.id, userId), eq(users.disabledBy, 'self')))
    .returning();
  return row;
}

/**
 * Whether the account's email was verified, its row locked until the transaction ends; undefined
 * when there is no such account or it is linked to a Google id already.
 */
export async function lockUnlinkedAccount(
  tx: Tx,
  userId: string,
): Promise<{ emailVerified: boolean } | undefined> {
  const [row] = await tx
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.googleId)))
    .for('update');
  return row;
}

/** Links a Google id and marks the email verified; `removePassword` also drops the password and its lock. */
export async function writeGoogleLink(
  tx: Tx,
  userId: string,
  googleId: string,
  removePassword: boolean,
): Promise<UserRow> {
  const [user] = await tx
    .update(users)
    .set({
      googleId,
      emailVerified: true,
      ...(removePassword ? { passwordHash: null, failedLoginAttempts: 0, lockUntil: null } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/**
 * Keeps the account from being deleted until the transaction ends, as a row that refers to it
 * needs (the lock a foreign key takes); false when the account is already gone.
 */
export async function holdAccount(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  return row !== undefined;
}
