import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import type { WorkRequestStatus } from '../../../shared/statuses';
import { IN_PROGRESS_STATUSES, REOPENED_BIDDING_DAYS } from '../requests.rules';
import { bids, workRequests } from './tables';

/**
 * Sets the request's state and the bid it is assigned to (null: nobody's any more). Opened again,
 * it takes bids for at least REOPENED_BIDDING_DAYS more days.
 */
export async function assignRequestRow(
  tx: Tx,
  id: string,
  status: WorkRequestStatus,
  acceptedBidId: string | null,
) {
  const reopened = status === 'OPEN';
  await tx
    .update(workRequests)
    .set({
      status,
      acceptedBidId,
      ...(reopened && {
        bidsUntil: sql`greatest(${workRequests.bidsUntil}, now() + make_interval(days => ${REOPENED_BIDDING_DAYS}))`,
      }),
    })
    .where(eq(workRequests.id, id));
}

/** The ids of the client's requests won by this provider, in one of `statuses`. */
export async function hiredRequestIds(
  db: Db,
  clientId: string,
  providerId: string,
  statuses: readonly WorkRequestStatus[],
) {
  const rows = await db
    .select({ id: workRequests.id })
    .from(workRequests)
    .innerJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(
      and(
        eq(workRequests.clientId, clientId),
        eq(bids.providerId, providerId),
        inArray(workRequests.status, statuses),
      ),
    );
  return rows.map((row) => row.id);
}

/** How many requests this provider won that are in `status`. */
export async function countWonRequests(db: Db, providerId: string, status: WorkRequestStatus) {
  const [row] = await db
    .select({ total: count() })
    .from(workRequests)
    .innerJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(and(eq(bids.providerId, providerId), eq(workRequests.status, status)));
  return row?.total ?? 0;
}

/**
 * Every request this provider bid on, locked for update until the commit in id order, each with
 * whether it is their assigned hire. All of them, not only the hires: bid actions lock the request
 * before the bid, and deleting the provider's bids (their account going) must take the locks in
 * the same order or deadlock; and an acceptance committed meanwhile is seen under the lock.
 */
export function lockRequestsBidOn(tx: Tx, providerId: string) {
  return tx
    .select({
      id: workRequests.id,
      title: workRequests.title,
      clientId: workRequests.clientId,
      status: workRequests.status,
      // A job under way (ASSIGNED, DONE or DISPUTED): a completed one stays completed.
      hired: sql<boolean>`${inArray(workRequests.status, [...IN_PROGRESS_STATUSES])} and ${workRequests.acceptedBidId} = ${bids.id}`,
    })
    .from(workRequests)
    .innerJoin(bids, eq(bids.workRequestId, workRequests.id))
    .where(eq(bids.providerId, providerId))
    .orderBy(workRequests.id)
    .for('update', { of: workRequests });
}

/** Every bid on a client's requests, with its request's title (for a client whose account goes). */
export function bidsOnRequestsOf(tx: Tx, clientId: string) {
  return tx
    .select({
      workRequestId: workRequests.id,
      title: workRequests.title,
      providerId: bids.providerId,
    })
    .from(workRequests)
    .innerJoin(bids, eq(bids.workRequestId, workRequests.id))
    .where(eq(workRequests.clientId, clientId))
    .orderBy(workRequests.id);
}
