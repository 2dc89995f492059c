import { and, eq, ne, sql } from 'drizzle-orm';
import type { ServerContext } from '../../../server/context';
import { bids, users, workRequests } from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import { eurosToCents, formatEuro } from '../../../shared/format';
import type { SessionUser } from '../../accounts/server/sessions';
import { findUserById } from '../../accounts/server/accounts.repo';
import { bidsOfProvider, bidsOfRequest, selectBids } from './bids.repo';

const requestNotFound = () => new AppError('request_not_found', 'Request not found.');

/**
 * A provider's one bid on an open request of an active client. The request row is share-locked
 * while the bid is written, so a bid and an acceptance never cross; the unique index on
 * (request, provider) keeps it to one bid each, however many arrive at once.
 */
export async function placeBid(
  ctx: ServerContext,
  viewer: SessionUser,
  input: {
    work_request_id: string;
    amount: number;
    description: string;
    provider_id?: string | undefined;
  },
  requestId: string,
) {
  if (viewer.role !== 'provider') throw new AppError('provider_only', 'Only providers can bid.');
  if (input.provider_id && input.provider_id !== viewer.id) {
    throw new AppError('provider_mismatch', 'You can only bid as yourself.');
  }
  const placed = await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        status: workRequests.status,
        clientActive: workRequests.clientActive,
        clientId: workRequests.clientId,
        title: workRequests.title,
      })
      .from(workRequests)
      .where(eq(workRequests.id, input.work_request_id))
      .for('share');
    if (!request) throw requestNotFound();
    if (request.status !== 'OPEN')
      throw new AppError('request_not_open', 'This request no longer takes bids.');
    if (!request.clientActive)
      throw new AppError(
        'client_disabled',
        "The client's account is disabled, so the request takes no new bids.",
      );
    const [bid] = await tx
      .insert(bids)
      .values({
        workRequestId: input.work_request_id,
        providerId: viewer.id,
        amountCents: eurosToCents(input.amount),
        description: input.description,
      })
      .onConflictDoNothing()
      .returning();
    if (!bid) throw new AppError('bid_already_exists', 'You have already bid on this request.');
    return { bid, request };
  });
  await ctx.writeAudit({
    action: 'bid.create',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    targetType: 'work_request',
    targetUserId: placed.request.clientId,
    requestId,
    message: `bid ${placed.bid.id} on request ${input.work_request_id}`,
  });
  const client = await findUserById(ctx.db, placed.request.clientId);
  if (client?.bidEmails) {
    await ctx.sendMail('newBid', client.email, client.preferredLanguage, {
      name: client.name,
      title: placed.request.title,
      amount: formatEuro(placed.bid.amountCents, client.preferredLanguage),
      link: `${ctx.publicUrl}/request/${input.work_request_id}`,
    });
  }
  const [row] = await selectBids(ctx.db).where(eq(bids.id, placed.bid.id));
  return row!;
}

/** Owner and administrators see every bid; a provider sees only their own (spec core §6). */
export async function bidsForRequest(
  ctx: ServerContext,
  viewer: SessionUser,
  workRequestId: string,
) {
  const [request] = await ctx.db
    .select({ clientId: workRequests.clientId })
    .from(workRequests)
    .where(eq(workRequests.id, workRequestId));
  if (!request) throw requestNotFound();
  if (viewer.role === 'administrator' || viewer.id === request.clientId)
    return bidsOfRequest(ctx.db, workRequestId);
  if (viewer.role === 'provider') return bidsOfRequest(ctx.db, workRequestId, viewer.id);
  throw new AppError('insufficient_permissions', 'Insufficient permissions.');
}

export async function bidsForProvider(ctx: ServerContext, viewer: SessionUser, providerId: string) {
  if (viewer.role !== 'administrator' && viewer.id !== providerId) {
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  }
  return bidsOfProvider(ctx.db, providerId);
}

/**
 * Accepting is final (spec core §4): with the request row locked, the bid becomes ACCEPTED,
 * every other bid REJECTED and the request ASSIGNED. Of simultaneous accepts, one wins; the
 * others find the request no longer open.
 */
export async function acceptBid(
  ctx: ServerContext,
  viewer: SessionUser,
  bidId: string,
  requestId: string,
) {
  const accepted = await ctx.db.transaction(async (tx) => {
    const [bid] = await tx.select().from(bids).where(eq(bids.id, bidId));
    if (!bid) throw new AppError('bid_not_found', 'Bid not found.');
    const [request] = await tx
      .select()
      .from(workRequests)
      .where(eq(workRequests.id, bid.workRequestId))
      .for('update');
    if (!request) throw requestNotFound();
    if (request.clientId !== viewer.id)
      throw new AppError(
        'insufficient_permissions',
        'Only the client who posted the request can accept a bid.',
      );
    if (request.status !== 'OPEN')
      throw new AppError('request_not_open', 'A bid on this request has already been accepted.');
    const [current] = await tx.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId));
    if (current?.status !== 'PENDING')
      throw new AppError('bid_not_pending', 'Only a pending bid can be accepted.');
    await tx.update(bids).set({ status: 'ACCEPTED' }).where(eq(bids.id, bidId));
    await tx
      .update(bids)
      .set({ status: 'REJECTED' })
      .where(
        and(
          eq(bids.workRequestId, request.id),
          ne(bids.id, bidId),
          eq(bids.status, sql`'PENDING'`),
        ),
      );
    await tx
      .update(workRequests)
      .set({ status: 'ASSIGNED', acceptedBidId: bidId })
      .where(eq(workRequests.id, request.id));
    return { bid, request };
  });
  await ctx.writeAudit({
    action: 'bid.accept',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'provider',
    targetUserId: accepted.bid.providerId,
    requestId,
    message: `bid ${bidId} on request ${accepted.request.id}`,
  });
  const [provider] = await ctx.db.select().from(users).where(eq(users.id, accepted.bid.providerId));
  if (provider?.bidEmails) {
    await ctx.sendMail('bidAccepted', provider.email, provider.preferredLanguage, {
      name: provider.name,
      title: accepted.request.title,
      amount: formatEuro(accepted.bid.amountCents, provider.preferredLanguage),
      link: `${ctx.publicUrl}/request/${accepted.request.id}`,
    });
  }
  const [row] = await selectBids(ctx.db).where(eq(bids.id, bidId));
  return row!;
}

/** A provider's own pending bid on an open request, locked for changing. */
async function ownPendingBid(
  tx: Pick<ServerContext['db'], 'select'>,
  viewer: SessionUser,
  bidId: string,
) {
  const [bid] = await tx.select().from(bids).where(eq(bids.id, bidId));
  if (!bid) throw new AppError('bid_not_found', 'Bid not found.');
  if (bid.providerId !== viewer.id)
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  const [request] = await tx
    .select({ status: workRequests.status })
    .from(workRequests)
    .where(eq(workRequests.id, bid.workRequestId))
    .for('share');
  if (request?.status !== 'OPEN' || bid.status !== 'PENDING') {
    throw new AppError(
      'bid_not_pending',
      'Only a pending bid on an open request can be changed or withdrawn.',
    );
  }
  return bid;
}

/** Beyond the spec: a provider may change a pending bid while the request is open. */
export async function changeBid(
  ctx: ServerContext,
  viewer: SessionUser,
  bidId: string,
  input: { amount: number; description: string },
  requestId: string,
) {
  await ctx.db.transaction(async (tx) => {
    await ownPendingBid(tx, viewer, bidId);
    await tx
      .update(bids)
      .set({ amountCents: eurosToCents(input.amount), description: input.description })
      .where(eq(bids.id, bidId));
  });
  await ctx.writeAudit({
    action: 'bid.update',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    requestId,
    message: `bid ${bidId}`,
  });
  const [row] = await selectBids(ctx.db).where(eq(bids.id, bidId));
  return row!;
}

/** Beyond the spec: a provider may withdraw a pending bid while the request is open (and bid again). */
export async function withdrawBid(
  ctx: ServerContext,
  viewer: SessionUser,
  bidId: string,
  requestId: string,
) {
  await ctx.db.transaction(async (tx) => {
    await ownPendingBid(tx, viewer, bidId);
    await tx.delete(bids).where(eq(bids.id, bidId));
  });
  await ctx.writeAudit({
    action: 'bid.withdraw',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    requestId,
    message: `bid ${bidId}`,
  });
}
