import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { users } from '../../accounts/server';
import { workRequests } from '../../requests/server';
import { bids } from './bids.table';

/** Bids with the provider's name and the request's title and state, as every bid list shows them. */
export function selectBids(db: Pick<Db, 'select'>) {
  return db
    .select({
      bid: bids,
      providerName: users.name,
      request: {
        id: workRequests.id,
        title: workRequests.title,
        clientId: workRequests.clientId,
        status: workRequests.status,
      },
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

export async function findBid(db: Db, id: string) {
  const [row] = await selectBids(db).where(eq(bids.id, id));
  return row;
}
