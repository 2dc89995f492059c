import { and, avg, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { clientReviews } from './tables';

/** A client's average rating from the providers they hired (null without reviews) and how many. */
export async function clientRatingOf(db: Db | Tx, clientId: string) {
  const [rating] = await db
    .select({ average: avg(clientReviews.rating), total: count() })
    .from(clientReviews)
    .where(eq(clientReviews.clientId, clientId));
  return {
    average: rating?.average == null ? null : Number(rating.average),
    total: rating?.total ?? 0,
  };
}

/** The review of a request's client by this provider, if written. */
export async function findClientReview(db: Db | Tx, workRequestId: string, providerId: string) {
  const [review] = await db
    .select()
    .from(clientReviews)
    .where(
      and(eq(clientReviews.workRequestId, workRequestId), eq(clientReviews.providerId, providerId)),
    );
  return review;
}

/** Once per request: a second review of the same job is no row (the unique key). */
export async function insertClientReview(tx: Tx, values: typeof clientReviews.$inferInsert) {
  const [review] = await tx.insert(clientReviews).values(values).onConflictDoNothing().returning();
  return review;
}
