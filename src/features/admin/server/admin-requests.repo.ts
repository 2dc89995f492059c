import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import type { Category } from '../../../shared/categories';
import type { AdminRequestStatusFilter } from '../admin.schema';
import { clientProfiles, providerProfiles, users } from '../../accounts/server/tables';
import { bids } from '../../requests/server/tables';
import { workRequests } from '../../requests/server/tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A LIKE pattern that finds the text anywhere, with its own %, _ and \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every request, newest first, optionally by status, category and a text found (accents and case
 * ignored) in its title, description or the client's name, or its exact id.
 */
export async function listAllRequests(
  db: Db,
  query: {
    query?: string | undefined;
    status?: AdminRequestStatusFilter | undefined;
    category?: Category | undefined;
    page: number;
    limit: number;
  },
) {
  const text = query.query;
  const pattern = text ? containing(text) : undefined;
  const where = and(
    query.status ? eq(workRequests.status, query.status) : undefined,
    query.category ? eq(workRequests.category, query.category) : undefined,
    pattern
      ? or(
          sql`f_unaccent(${workRequests.title}) ilike f_unaccent(${pattern})`,
          sql`f_unaccent(${workRequests.description}) ilike f_unaccent(${pattern})`,
          sql`f_unaccent(${users.name}) ilike f_unaccent(${pattern})`,
          UUID.test(text!) ? eq(workRequests.id, text!) : undefined,
        )
      : undefined,
  ) as SQL | undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: workRequests.id,
        title: workRequests.title,
        category: workRequests.category,
        status: workRequests.status,
        createdAt: workRequests.createdAt,
        clientId: users.id,
        clientName: users.name,
      })
      .from(workRequests)
      .leftJoin(users, eq(users.id, workRequests.clientId))
      .where(where)
      .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(workRequests)
      .leftJoin(users, eq(users.id, workRequests.clientId))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export type AdminRequestRow = Awaited<ReturnType<typeof listAllRequests>>['rows'][number];

/** Name, addresses, phone and status of these people, by id (clients' and providers' alike). */
export async function contactsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, ContactRow>();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      accountStatus: users.accountStatus,
      clientPhone: clientProfiles.phoneNumber,
      contactPhone: providerProfiles.contactPhone,
      contactEmail: providerProfiles.contactEmail,
    })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export type ContactRow = {
  id: string;
  name: string;
  email: string;
  accountStatus: (typeof users.$inferSelect)['accountStatus'];
  clientPhone: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
};

/** Every bid of a request, newest first. */
export async function bidsOfRequest(db: Db, workRequestId: string) {
  return db
    .select({
      id: bids.id,
      workRequestId: bids.workRequestId,
      providerId: bids.providerId,
      amountCents: bids.amountCents,
      description: bids.description,
      status: bids.status,
      createdAt: bids.createdAt,
    })
    .from(bids)
    .where(eq(bids.workRequestId, workRequestId))
    .orderBy(desc(bids.createdAt), desc(bids.id));
}
