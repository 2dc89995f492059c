import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { clientProfiles, providerProfiles, users } from '../../accounts/server/tables';
import type { AdminUserType } from '../admin.schema';
import { containing } from './admin-requests.repo';

const selectUsers = (db: Db) =>
  db
    .select({ user: users, client: clientProfiles, provider: providerProfiles })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id));

export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['where']>>[number];

/** Clients or providers, newest first, by name or email (accents and case ignored) and status. */
export async function listUsers(
  db: Db,
  query: {
    user_type: AdminUserType;
    search?: string | undefined;
    account_status?: 'active' | 'disabled' | undefined;
    page: number;
    limit: number;
  },
) {
  const pattern = query.search ? containing(query.search) : undefined;
  const where = and(
    eq(users.role, query.user_type),
    query.account_status ? eq(users.accountStatus, query.account_status) : undefined,
    pattern
      ? or(
          sql`f_unaccent(${users.name}) ilike f_unaccent(${pattern})`,
          sql`${users.email} ilike ${pattern}`,
        )
      : undefined,
  ) as SQL;
  const [rows, [counted]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findUser(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countActiveAdministrators(db: Db) {
  const [counted] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'administrator'), eq(users.accountStatus, 'active')));
  return counted?.n ?? 0;
}
