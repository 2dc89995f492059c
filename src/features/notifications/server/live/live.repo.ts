import { and, desc, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db, Tx } from '../../../../server/db/types';
import { bids, workRequests } from '../../../requests/server/tables';
import { notifications } from '../tables';
import type { RequestParties } from './live.policy';

/** The request's client and every bid on it, in the transaction of a change. */
export async function readRequestParties(
  tx: Db | Tx,
  workRequestId: string,
): Promise<RequestParties> {
  const [request] = await tx
    .select({ clientId: workRequests.clientId })
    .from(workRequests)
    .where(eq(workRequests.id, workRequestId));
  const onIt = await tx
    .select({ id: bids.id, providerId: bids.providerId })
    .from(bids)
    .where(eq(bids.workRequestId, workRequestId));
  return { clientId: request?.clientId, bids: onIt };
}

/** Notifications by id, whoever's they are (the caller sends each to its reader alone). */
export async function findNotifications(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, [...new Set(ids)]));
}

/** The reader's newest notifications after this id, oldest first: what a resumed stream missed. */
export async function findNotificationsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.reverse();
}

/** The id of the reader's newest notification, 0 when they have none. */
export async function findNewestNotificationId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ newest: max(notifications.id) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.newest ?? 0;
}
