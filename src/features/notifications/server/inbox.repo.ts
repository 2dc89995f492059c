import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import type { NotificationType } from '../../../shared/notification-types';
import { notificationPreferences, notifications } from './tables';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  tx: Db | Tx,
  values: { userId: string; type: NotificationType; data: Record<string, unknown>; link: string },
): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(values).returning();
  return row!;
}

/** One page of a person's notifications, newest first, with how many there are in all. */
export async function notificationsPage(
  db: Db,
  userId: string,
  { page, limit }: { page: number; limit: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { rows, total: total!.n };
}

export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row!.n;
}

/** Marks the person's own notifications read: these ids (others' ids change nothing), or all. */
export async function markRead(db: Db, userId: string, ids: number[] | 'all') {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}

/** The person's stored choices; a type without a row has both channels on. */
export function storedPreferences(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function storedPreference(db: Db | Tx, userId: string, type: NotificationType) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  return row;
}

export async function writePreferences(
  tx: Tx,
  userId: string,
  rows: { type: NotificationType; email: boolean; push: boolean }[],
) {
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (rows.length > 0)
    await tx.insert(notificationPreferences).values(rows.map((row) => ({ ...row, userId })));
}
