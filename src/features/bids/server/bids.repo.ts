import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { bids, users, workRequests } from '../../../server/db/schema';

/** Bids with the provider's name and the request's title, as every bid list shows them. */
export function selectBids(db: Pick<Db, 'select'>) {
  return db
    .select({
      bid: bids,
      providerName: users.name,
      requestTitle: workRequests.title,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
    .innerJoin(workRequests, eq(workRequests.id, bids.workRequestId));
}

export type BidRow = Awaited<ReturnType<ReturnType<typeof selectBids>['where']>>[number];

export function bidsOfRequest(db: Db, workRequestId: string, onlyProviderId?: string) {
  return selectBids(db)
    .where(
      onlyProviderId
        ? and(eq(bids.workRequestId, workRequestId), eq(bids.providerId, onlyProviderId))
        : eq(bids.workRequestId, workRequestId),
    )
    .orderBy(desc(bids.createdAt));
}

export function bidsOfProvider(db: Db, providerId: string) {
  return selectBids(db).where(eq(bids.providerId, providerId)).orderBy(desc(bids.createdAt));
}
