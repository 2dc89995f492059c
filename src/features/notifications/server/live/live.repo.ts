import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../../server/db/types';
import { notifications } from '../tables';

/** How many missed notifications a resumed stream is sent at most; the inbox holds the rest. */
const BACKLOG_LIMIT = 100;

export async function notificationById(db: Db, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** A person's notifications after the last one their stream received, oldest first. */
export function notificationsAfter(db: Db, userId: string, afterId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(BACKLOG_LIMIT);
}
