import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { users, workRequests } from '../../../server/db/schema';

/** Open requests of active clients, newest first: what the public may browse. */
const browsable = and(eq(workRequests.status, 'OPEN'), eq(users.accountStatus, 'active'));

export async function listOpenRequests(db: Db, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: workRequests.id,
        title: workRequests.title,
        description: workRequests.description,
        category: workRequests.category,
        location: workRequests.location,
        status: workRequests.status,
        createdAt: workRequests.createdAt,
      })
      .from(workRequests)
      .innerJoin(users, eq(users.id, workRequests.clientId))
      .where(browsable)
      .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(workRequests)
      .innerJoin(users, eq(users.id, workRequests.clientId))
      .where(browsable),
  ]);
  return { rows, total: total?.n ?? 0 };
}
