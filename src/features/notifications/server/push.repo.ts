import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { notifications, pushSubscriptions } from './tables';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Serialises the changes to one person's subscriptions until the transaction ends, so that two
 * browsers subscribing at once cannot both pass the limit.
 */
export async function lockSubscriptionsOf(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push:${userId}`}, 0))`);
}

export async function countSubscriptionsOf(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function findSubscriptionByEndpoint(db: Db | Tx, endpoint: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .limit(1);
  return row;
}

export async function findSubscription(db: Db | Tx, id: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .limit(1);
  return row;
}

/**
 * Saves a browser's subscription for `userId`. The same endpoint again updates its keys; an
 * endpoint another account held moves to this one, as a new device of it (its dates start anew).
 */
export async function saveSubscription(
  db: Db | Tx,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; device: string },
): Promise<PushSubscriptionRow> {
  const sameOwner = sql`${pushSubscriptions.userId} = excluded.user_id`;
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: sql`excluded.user_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        device: sql`excluded.device`,
        createdAt: sql`case when ${sameOwner} then ${pushSubscriptions.createdAt} else now() end`,
        lastPushedAt: sql`case when ${sameOwner} then ${pushSubscriptions.lastPushedAt} end`,
      },
    })
    .returning();
  return row!;
}

/** The person's devices, newest first. */
export async function listSubscriptionsOf(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

export async function hasSubscription(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Removes the person's own subscription with this endpoint; answers whether there was one. */
export async function deleteSubscriptionOfByEndpoint(
  db: Db | Tx,
  userId: string,
  endpoint: string,
) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Removes the person's own subscription with this id; answers whether there was one. */
export async function deleteSubscriptionOfById(db: Db | Tx, userId: string, id: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Removes a subscription the push service says is gone, if it still has that endpoint. */
export async function deleteGoneSubscription(db: Db | Tx, id: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function markPushed(db: Db | Tx, id: string, at: Date) {
  await db.update(pushSubscriptions).set({ lastPushedAt: at }).where(eq(pushSubscriptions.id, id));
}

/** A notification as its push is written from it: its reader, kind, data and link. */
export async function findNotificationToPush(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      data: notifications.data,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.id, id))
    .limit(1);
  return row;
}

/** The newest notification of this type the reader has about any of these requests. */
export async function newestNotificationAbout(
  db: Db | Tx,
  userId: string,
  type: string,
  workRequestIds: readonly string[],
) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        inArray(notifications.workRequestId, [...workRequestIds]),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id;
}
