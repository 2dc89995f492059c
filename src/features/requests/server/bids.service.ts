import type { ServerContext } from '../../../server/context';
import type { Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { holdAccount } from '../../accounts/server';
import { eurosToCents } from '../../../shared/format';
import { isAdministratorOrSelf, type Actor } from '../../../shared/actor';
import { assignRequest } from './hires.service';
import { lockRequestFacts, readOpenableRequestFacts } from './requests.service';
import { markInvited } from './invitations.service';
import { refuse } from './refusals';
import { placeBidRefusal, type Refusal } from '../requests.rules';
import {
  acceptPricedRefusal,
  bidPrice,
  bidsVisibleTo,
  changeRefusal,
  withdrawRefusal,
  type BidFacts,
  type BiddingRequestFacts,
} from '../bids.rules';
import type { PricedBidInput } from '../bids.schema';
import {
  bidRow,
  bidsOfProvider,
  bidsOfRequest,
  deleteBid,
  findBid,
  insertBid,
  insertRevision,
  markBidsSeenByClient,
  rejectPendingBids,
  updateBid,
} from './bids.repo';

export const bidNotFound = () => new AppError('bid_not_found', 'Bid not found.');

/**
 * The stored form of a price as sent (bids.schema.ts checked it): the total of its lines, or its
 * amount, in cents; days as sent, or null.
 */
export function storedPrice(input: Omit<PricedBidInput, 'description'>) {
  const price = bidPrice(
    input.lines,
    input.amount === undefined ? undefined : eurosToCents(input.amount),
  );
  // The schema refused every price without a total; this is its type's narrowing.
  if ('refusal' in price) throw new AppError('validation_failed', 'The price is not valid.');
  return {
    amountCents: price.cents,
    lines: input.lines,
    validUntil: input.valid_until ?? null,
    earliestStart: input.earliest_start ?? null,
  };
}

/** A bid read again after its write: gone if its request was deleted in between (404). */
export function foundBid<T>(row: T | undefined): T {
  if (!row) throw bidNotFound();
  return row;
}

/**
 * A provider's one bid on an open request of an active client. The request row is share-locked
 * while the bid is written, so a bid and an acceptance never cross; the unique index on
 * (request, provider) keeps it to one bid each, however many arrive at once.
 */
export async function placeBid(
  ctx: ServerContext,
  viewer: Actor,
  input: PricedBidInput & { work_request_id: string; provider_id?: string | undefined },
) {
  if (input.provider_id && input.provider_id !== viewer.id) {
    throw new AppError('provider_mismatch', 'You can only bid as yourself.');
  }
  const placed = await ctx.db.transaction(async (tx) => {
    const request = await lockRequestFacts(tx, input.work_request_id, 'share');
    // The unique index answers "already bid" for simultaneous bids; the rule answers the rest.
    const refusal = placeBidRefusal(viewer, request, false, new Date());
    if (refusal) throw refuse(refusal);
    // The bidder's account may be being deleted at this moment: then they are signed out.
    if (!(await holdAccount(tx, viewer.id))) {
      throw new AppError('not_authenticated', 'You must be logged in.');
    }
    const price = storedPrice(input);
    const bid = await insertBid(tx, {
      workRequestId: request.id,
      providerId: viewer.id,
      description: input.description,
      ...price,
    });
    if (!bid) throw refuse('bid_already_exists');
    await insertRevision(tx, {
      bidId: bid.id,
      revision: 1,
      reason: 'placed',
      description: input.description,
      ...price,
    });
    // Told in the bid's transaction: no bid, no mail; nobody waits for SMTP.
    await ctx.events.publish(tx, 'bid.placed', {
      bidId: bid.id,
      workRequestId: request.id,
      clientId: request.clientId,
      providerId: viewer.id,
      title: request.title,
      amountCents: bid.amountCents,
    });
    return { bid, request };
  });
  await ctx.writeAudit({
    action: 'bid.create',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    targetType: 'work_request',
    targetUserId: placed.request.clientId,
    message: `bid ${placed.bid.id} on request ${placed.request.id}`,
  });
  return foundBid(await findBid(ctx.db, placed.bid.id));
}

/**
 * Owner and administrators see every bid; a provider sees only their own (spec core §6). A request
 * the viewer may not open is answered as one that does not exist (`canOpenRequest`).
 */
export async function bidsForRequest(ctx: ServerContext, viewer: Actor, workRequestId: string) {
  const request = await readOpenableRequestFacts(ctx.db, viewer, workRequestId);
  const visible = bidsVisibleTo(viewer, request);
  // The client has now seen these bids: a revision from here on is a notification.
  if (viewer.id === request.clientId) await markBidsSeenByClient(ctx.db, workRequestId);
  if (visible === 'all') {
    const rows = await bidsOfRequest(ctx.db, workRequestId);
    return viewer.id === request.clientId ? markInvited(ctx.db, workRequestId, rows) : rows;
  }
  if (visible === 'own') return bidsOfRequest(ctx.db, workRequestId, viewer.id);
  throw refuse('insufficient_permissions');
}

export async function bidsForProvider(ctx: ServerContext, viewer: Actor, providerId: string) {
  if (!isAdministratorOrSelf(viewer, providerId)) {
    throw refuse('insufficient_permissions');
  }
  return bidsOfProvider(ctx.db, providerId);
}

/**
 * Accepting is final (spec core §4): with the request row locked, the bid becomes ACCEPTED,
 * every other pending bid REJECTED and the request ASSIGNED. Of simultaneous accepts, one wins;
 * the others find the request no longer open. `bid.accepted` is published in the same
 * transaction: no acceptance, no mail. A bid past `valid_until` is refused (`bid_expired`), and
 * so is one revised since the revision the client names (`bid_revised`): a revision takes the
 * request's share lock, so it lands wholly before or after the acceptance, never within it.
 */
export async function acceptBid(
  ctx: ServerContext,
  viewer: Actor,
  bidId: string,
  seenRevision?: number,
) {
  const accepted = await ctx.db.transaction(async (tx) => {
    const found = await bidRow(tx, bidId);
    if (!found) throw bidNotFound();
    const request = await lockRequestFacts(tx, found.workRequestId, 'update');
    // Read again under the request's lock: the bid may have been withdrawn meanwhile.
    const bid = await bidRow(tx, bidId);
    if (!bid) throw bidNotFound();
    const refusal = acceptPricedRefusal(
      viewer,
      { ...bid, proposalPending: false },
      request,
      new Date(),
      seenRevision,
    );
    if (refusal) throw refuse(refusal);
    await updateBid(tx, bidId, { status: 'ACCEPTED' });
    const notChosen = await rejectPendingBids(tx, request.id, bidId);
    await assignRequest(tx, request, bidId);
    await ctx.events.publish(tx, 'bid.accepted', {
      bidId,
      workRequestId: request.id,
      clientId: request.clientId,
      providerId: bid.providerId,
      title: request.title,
      amountCents: bid.amountCents,
      rejectedProviderIds: notChosen,
    });
    return { bid, request };
  });
  await ctx.writeAudit({
    action: 'bid.accept',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    targetType: 'provider',
    targetUserId: accepted.bid.providerId,
    message: `bid ${bidId} on request ${accepted.request.id}`,
  });
  return foundBid(await findBid(ctx.db, bidId));
}

/** The bidder's own bid, checked by `rule` under the request's share lock. */
export async function lockedOwnBid(
  tx: Tx,
  viewer: Actor,
  bidId: string,
  rule: (actor: Actor, bid: BidFacts, request: BiddingRequestFacts) => Refusal,
) {
  const found = await bidRow(tx, bidId);
  if (!found) throw bidNotFound();
  const request = await lockRequestFacts(tx, found.workRequestId, 'share');
  const bid = await bidRow(tx, bidId, 'update');
  if (!bid) throw bidNotFound();
  const refusal = rule(viewer, bid, request);
  if (refusal) throw refuse(refusal);
  return bid;
}

/**
 * Beyond the spec: a provider may revise a pending bid while the request takes bids (not past its
 * `bids_until`, whether or not the expiry job has run). The whole price
 * is sent again; the revision is kept (`bid_revisions`), any request for a new price is answered
 * by it, and `bid.changed` says whether the client had already seen the bid (then they are told).
 */
export async function changeBid(
  ctx: ServerContext,
  viewer: Actor,
  bidId: string,
  input: PricedBidInput,
) {
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const bid = await lockedOwnBid(tx, viewer, bidId, (actor, own, request) =>
      changeRefusal(actor, own, request, now),
    );
    const price = storedPrice(input);
    const revision = bid.revision + 1;
    await updateBid(tx, bidId, {
      ...price,
      description: input.description,
      revision,
      revisedAt: new Date(),
      priceRequestedAt: null,
    });
    await insertRevision(tx, {
      bidId,
      revision,
      reason: 'revision',
      description: input.description,
      ...price,
    });
    await ctx.events.publish(tx, 'bid.changed', {
      bidId,
      workRequestId: bid.workRequestId,
      providerId: viewer.id,
      amountCents: price.amountCents,
      revision,
      seenByClient: bid.clientSeenAt !== null,
    });
  });
  await ctx.writeAudit({
    action: 'bid.update',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    message: `bid ${bidId}`,
  });
  return foundBid(await findBid(ctx.db, bidId));
}

/** Beyond the spec: a provider may withdraw a pending bid while the request is open (and bid again). */
export async function withdrawBid(ctx: ServerContext, viewer: Actor, bidId: string) {
  await ctx.db.transaction(async (tx) => {
    const bid = await lockedOwnBid(tx, viewer, bidId, withdrawRefusal);
    await deleteBid(tx, bidId);
    await ctx.events.publish(tx, 'bid.withdrawn', {
      bidId,
      workRequestId: bid.workRequestId,
      providerId: viewer.id,
    });
  });
  await ctx.writeAudit({
    action: 'bid.withdraw',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    message: `bid ${bidId}`,
  });
}
