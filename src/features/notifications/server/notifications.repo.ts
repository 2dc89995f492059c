import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { notifications } from './tables';

export type NewNotificationRow = typeof notifications.$inferInsert;

/** Writes one notification to its reader's inbox; answers its id. */
export async function insertNotification(tx: Db | Tx, values: NewNotificationRow) {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}

/** One page of a reader's notifications, newest first. */
export function notificationsOf(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/** How many notifications the reader has, and how many of them are unread. */
export async function countsOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** How many of the reader's notifications are unread (the partial index answers it). */
export async function unreadCountOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Marks the reader's own unread notifications as read: these ids, or all. An id of somebody
 * else's notification matches nothing.
 */
export async function markRead(db: Db | Tx, userId: string, ids: number[] | 'all', at: Date) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}

/** Removes the notifications about a request: everyone's, or one reader's. */
export async function deleteNotificationsAbout(
  tx: Db | Tx,
  workRequestId: string,
  userId?: string,
) {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.workRequestId, workRequestId),
        userId ? eq(notifications.userId, userId) : undefined,
      ),
    );
}
