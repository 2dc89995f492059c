import { avg, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { activeProvider, users } from '../../accounts/server/tables';
import { reviews } from './tables';

export function reviewsOfProvider(db: Db, providerId: string, limit: number, offset: number) {
  return db
    .select({ review: reviews, authorName: users.name })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.clientId))
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit)
    .offset(offset);
}

export type ReviewRow = Awaited<ReturnType<typeof reviewsOfProvider>>[number];

/** The provider's average rating (null without reviews) and number of reviews. */
export async function ratingOf(db: Db, providerId: string) {
  const [rating] = await db
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(eq(reviews.providerId, providerId));
  return {
    average: rating?.average == null ? null : Number(rating.average),
    total: rating?.total ?? 0,
  };
}

/** Which of these requests already have their review. */
export async function reviewedRequestIds(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: reviews.workRequestId })
    .from(reviews)
    .where(inArray(reviews.workRequestId, requestIds));
  return new Set(rows.map((row) => row.id!));
}

export async function insertReview(db: Db | Tx, values: typeof reviews.$inferInsert) {
  const [review] = await db.insert(reviews).values(values).onConflictDoNothing().returning();
  return review;
}

/** Reviews of providers whose account is active: the ones their pages show. */
export async function countVisibleReviews(db: Db) {
  const [row] = await db
    .select({ total: count() })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.providerId))
    .where(activeProvider);
  return row?.total ?? 0;
}

/** A review with its row locked until the transaction ends: its answer is written under it. */
export async function lockReview(tx: Tx, id: string) {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return review;
}

export async function writeAnswer(
  tx: Tx,
  id: string,
  answer: { text: string; writtenAt?: Date; editedAt?: Date },
) {
  const [review] = await tx
    .update(reviews)
    .set({
      answer: answer.text,
      ...(answer.writtenAt ? { answerWrittenAt: answer.writtenAt } : {}),
      ...(answer.editedAt ? { answerEditedAt: answer.editedAt } : {}),
    })
    .where(eq(reviews.id, id))
    .returning();
  return review!;
}
