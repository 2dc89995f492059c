import { and, avg, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { bids, providerProfiles, reviews, users, workRequests } from '../../../server/db/schema';

export async function findProvider(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, profile: providerProfiles })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'provider')));
  if (!row) return undefined;
  const [rating] = await db
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(eq(reviews.providerId, id));
  return {
    ...row,
    averageRating:
      rating?.average === null || rating?.average === undefined ? null : Number(rating.average),
    reviewCount: rating?.total ?? 0,
  };
}

export type ProviderRow = NonNullable<Awaited<ReturnType<typeof findProvider>>>;

/** The client's requests this provider won (assigned or completed): what makes a hire real. */
export async function hiredRequests(db: Db, clientId: string, providerId: string) {
  return db
    .select({ id: workRequests.id })
    .from(workRequests)
    .innerJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(
      and(
        eq(workRequests.clientId, clientId),
        eq(bids.providerId, providerId),
        inArray(workRequests.status, ['ASSIGNED', 'COMPLETED']),
      ),
    );
}

export function providerReviews(db: Db, providerId: string, limit: number, offset: number) {
  return db
    .select({ review: reviews, authorName: users.name })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.clientId))
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit)
    .offset(offset);
}
