import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { requestInvitations } from './invitation-tables';
import { bids, workRequests } from './tables';

/** The providers invited to the request. */
export async function invitedProviderIds(reader: Db | Tx, workRequestId: string) {
  const rows = await reader
    .select({ providerId: requestInvitations.providerId })
    .from(requestInvitations)
    .where(eq(requestInvitations.workRequestId, workRequestId));
  return rows.map((row) => row.providerId);
}

/** Records the invitation; false when it was there already (a race of two invitations). */
export async function insertInvitation(
  tx: Tx,
  workRequestId: string,
  providerId: string,
  invitedAt: Date,
) {
  const inserted = await tx
    .insert(requestInvitations)
    .values({ workRequestId, providerId, invitedAt })
    .onConflictDoNothing()
    .returning({ invitedAt: requestInvitations.invitedAt });
  return inserted[0]?.invitedAt;
}

/** Open requests a client may invite to, newest first, at most `limit`. */
export async function openRequestsOfClient(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: workRequests.id,
      title: workRequests.title,
      category: workRequests.category,
      status: workRequests.status,
      clientId: workRequests.clientId,
      clientActive: workRequests.clientActive,
      bidsUntil: workRequests.bidsUntil,
      createdAt: workRequests.createdAt,
    })
    .from(workRequests)
    .where(and(eq(workRequests.clientId, clientId), eq(workRequests.status, 'OPEN')))
    .orderBy(desc(workRequests.createdAt))
    .limit(limit);
}

/** Per request: its invitations' count, and whether this provider is invited to it or bid on it. */
export async function invitationFactsOf(
  reader: Db | Tx,
  workRequestIds: readonly string[],
  providerId: string,
) {
  if (workRequestIds.length === 0) return new Map<string, RequestInvitationFacts>();
  // One after the other: inside a transaction the three share one connection.
  const ids = [...workRequestIds];
  const counts = await reader
    .select({ workRequestId: requestInvitations.workRequestId, total: count() })
    .from(requestInvitations)
    .where(inArray(requestInvitations.workRequestId, ids))
    .groupBy(requestInvitations.workRequestId);
  const invited = await reader
    .select({ workRequestId: requestInvitations.workRequestId })
    .from(requestInvitations)
    .where(
      and(
        inArray(requestInvitations.workRequestId, ids),
        eq(requestInvitations.providerId, providerId),
      ),
    );
  const bidOn = await reader
    .select({ workRequestId: bids.workRequestId })
    .from(bids)
    .where(and(inArray(bids.workRequestId, ids), eq(bids.providerId, providerId)));
  const totals = new Map(counts.map((row) => [row.workRequestId, row.total]));
  const invitedTo = new Set(invited.map((row) => row.workRequestId));
  const bidTo = new Set(bidOn.map((row) => row.workRequestId));
  return new Map(
    workRequestIds.map((id) => [
      id,
      {
        invitedCount: totals.get(id) ?? 0,
        alreadyInvited: invitedTo.has(id),
        providerHasBid: bidTo.has(id),
      },
    ]),
  );
}

export interface RequestInvitationFacts {
  invitedCount: number;
  alreadyInvited: boolean;
  providerHasBid: boolean;
}

/** The category of a request (its lifecycle facts are read elsewhere). */
export async function categoryOfRequest(reader: Db | Tx, workRequestId: string) {
  const [row] = await reader
    .select({ category: workRequests.category })
    .from(workRequests)
    .where(eq(workRequests.id, workRequestId));
  return row?.category;
}

/** This provider is invited to the request. */
export async function isInvited(db: Db, workRequestId: string, providerId: string) {
  const [row] = await db
    .select({ providerId: requestInvitations.providerId })
    .from(requestInvitations)
    .where(
      and(
        eq(requestInvitations.workRequestId, workRequestId),
        eq(requestInvitations.providerId, providerId),
      ),
    );
  return row !== undefined;
}
