import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { clientProfiles, providerProfiles, users } from './accounts.table';

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
