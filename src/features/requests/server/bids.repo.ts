import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { preparedFor } from '../../../server/db/prepared';
import { users } from '../../accounts/server/tables';
import { approvalsOfProvider } from '../../verifications/server/tables';
import { bidRevisions, bids, priceProposals, workRequests } from './tables';

/**
 * Bids with the provider's name, the request's title and state, and the price proposal waiting
 * for the client's answer (if any), as every bid list shows them.
 */
export function selectBids(db: Pick<Db, 'select'>) {
  return db
    .select({
      bid: bids,
      providerName: users.name,
      providerApprovals: approvalsOfProvider(bids.providerId),
      request: {
        id: workRequests.id,
        title: workRequests.title,
        clientId: workRequests.clientId,
        status: workRequests.status,
        bidsUntil: workRequests.bidsUntil,
      },
      proposal: {
        id: priceProposals.id,
        amountCents: priceProposals.amountCents,
        lines: priceProposals.lines,
        note: priceProposals.note,
        createdAt: priceProposals.createdAt,
      },
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
    .innerJoin(workRequests, eq(workRequests.id, bids.workRequestId))
    .leftJoin(
      priceProposals,
      and(eq(priceProposals.bidId, bids.id), eq(priceProposals.status, 'PENDING')),
    );
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

/** Prepared: every provider's view of a request asks it (db/prepared.ts). */
const bidLookup = preparedFor((db) =>
  db
    .select({ id: bids.id })
    .from(bids)
    .where(
      and(
        eq(bids.workRequestId, sql.placeholder('workRequestId')),
        eq(bids.providerId, sql.placeholder('providerId')),
      ),
    )
    .prepare('has_bid_on'),
);

/** Whether the provider has a bid on the request. */
export async function hasBidOn(db: Db, workRequestId: string, providerId: string) {
  const [row] = await bidLookup(db).execute({ workRequestId, providerId });
  return row !== undefined;
}

/**
 * A request's pending bids (but `exceptBidId`) are rejected, when it is cancelled or another bid
 * is accepted (caller holds the request's row lock). Answers the providers of the rejected bids.
 */
export async function rejectPendingBids(tx: Tx, workRequestId: string, exceptBidId?: string) {
  const rejected = await tx
    .update(bids)
    .set({ status: 'REJECTED' })
    .where(
      and(
        eq(bids.workRequestId, workRequestId),
        eq(bids.status, 'PENDING'),
        exceptBidId ? ne(bids.id, exceptBidId) : undefined,
      ),
    )
    .returning({ providerId: bids.providerId });
  return rejected.map((row) => row.providerId);
}

/**
 * A request open again after its winner left: its rejected bids are pending again. Answers the
 * providers of those bids.
 */
export async function reopenRejectedBids(tx: Tx, workRequestId: string) {
  const reopened = await tx
    .update(bids)
    .set({ status: 'PENDING' })
    .where(and(eq(bids.workRequestId, workRequestId), eq(bids.status, 'REJECTED')))
    .returning({ providerId: bids.providerId });
  return reopened.map((row) => row.providerId);
}

/** The providers who bid on a request, in any state of their bid. */
export async function biddersOf(tx: Tx, workRequestId: string) {
  const rows = await tx
    .select({ providerId: bids.providerId })
    .from(bids)
    .where(eq(bids.workRequestId, workRequestId));
  return rows.map((row) => row.providerId);
}

/** The providers whose bids on the request are still pending, and how many bids it has in all. */
export async function bidsAtExpiry(tx: Tx, workRequestId: string) {
  const rows = await tx
    .select({ providerId: bids.providerId, status: bids.status })
    .from(bids)
    .where(eq(bids.workRequestId, workRequestId))
    .orderBy(bids.createdAt, bids.id);
  return {
    bidCount: rows.length,
    pendingProviderIds: rows.filter((row) => row.status === 'PENDING').map((row) => row.providerId),
  };
}

type NewBid = typeof bids.$inferInsert;

/** Stores a provider's bid; undefined when they already have one on the request. */
export async function insertBid(tx: Tx, values: NewBid) {
  const [bid] = await tx.insert(bids).values(values).onConflictDoNothing().returning();
  return bid;
}

/** The bid's row as stored, locked for update until the commit with `lock`. */
export async function bidRow(tx: Tx, id: string, lock?: 'update') {
  const query = tx.select().from(bids).where(eq(bids.id, id));
  const [bid] = lock ? await query.for(lock) : await query;
  return bid;
}

export async function updateBid(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<
      NewBid,
      | 'status'
      | 'amountCents'
      | 'description'
      | 'lines'
      | 'validUntil'
      | 'earliestStart'
      | 'revision'
      | 'revisedAt'
      | 'priceRequestedAt'
    >
  >,
) {
  await tx.update(bids).set(values).where(eq(bids.id, id));
}

type NewRevision = typeof bidRevisions.$inferInsert;

/** Keeps a version of the bid (the first as placed, then each revision). */
export async function insertRevision(tx: Tx, values: NewRevision) {
  await tx.insert(bidRevisions).values(values);
}

/** A bid's versions, oldest first. */
export function revisionsOf(db: Db, bidId: string) {
  return db
    .select()
    .from(bidRevisions)
    .where(eq(bidRevisions.bidId, bidId))
    .orderBy(asc(bidRevisions.revision));
}

/**
 * The request's client opened its bids: each bid not seen before is seen now (a revision after
 * it is a notification). Writes only bids never seen, so a second look is a read.
 */
export async function markBidsSeenByClient(db: Db, workRequestId: string) {
  await db
    .update(bids)
    .set({ clientSeenAt: sql`now()`, updatedAt: sql`${bids.updatedAt}` })
    .where(and(eq(bids.workRequestId, workRequestId), isNull(bids.clientSeenAt)));
}

/** The proposal waiting on a bid, locked until the commit. */
export async function pendingProposal(tx: Tx, bidId: string) {
  const [row] = await tx
    .select()
    .from(priceProposals)
    .where(and(eq(priceProposals.bidId, bidId), eq(priceProposals.status, 'PENDING')))
    .for('update');
  return row;
}

/** Stores a proposal; undefined when one already waits on the bid (the partial unique index). */
export async function insertProposal(tx: Tx, values: typeof priceProposals.$inferInsert) {
  const [row] = await tx.insert(priceProposals).values(values).onConflictDoNothing().returning();
  return row;
}

export async function answerProposalRow(tx: Tx, id: string, status: 'ACCEPTED' | 'DECLINED') {
  await tx
    .update(priceProposals)
    .set({ status, answeredAt: sql`now()` })
    .where(eq(priceProposals.id, id));
}

export async function deleteBid(tx: Tx, id: string) {
  await tx.delete(bids).where(eq(bids.id, id));
}
