import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import {
  answerProposalRefusal,
  bidsVisibleTo,
  proposePriceRefusal,
  requestPriceRefusal,
} from '../bids.rules';
import type { PricedBidInput } from '../bids.schema';
import {
  answerProposalRow,
  bidRow,
  findBid,
  insertProposal,
  insertRevision,
  pendingProposal,
  revisionsOf,
  updateBid,
} from './bids.repo';
import { presentLines, presentRevision } from './bids.presenter';
import { bidNotFound, foundBid, storedPrice } from './bids.service';
import { lockRequestFacts, readOpenableRequestFacts } from './requests.service';
import { refuse } from './refusals';

/**
 * The price of a bid beyond placing and revising it (docs/bids.md "Priced lines"): its history,
 * the client's request for a new price of an expired bid, and after the hire the provider's
 * proposal of a new price that the client accepts or declines. Each decision is a rule of
 * bids.rules.ts, checked under the request's share lock and the bid's row lock.
 */

/** The bid and its request, locked: the request shared (its state holds), the bid for update. */
async function lockBid(tx: Tx, bidId: string) {
  const found = await bidRow(tx, bidId);
  if (!found) throw bidNotFound();
  const request = await lockRequestFacts(tx, found.workRequestId, 'share');
  const bid = await bidRow(tx, bidId, 'update');
  if (!bid) throw bidNotFound();
  return { bid, request };
}

/**
 * Every version of a bid, oldest first, for whoever may see the bid: the request's client and
 * administrators, and the bidder. Anyone else is answered as if the bid did not exist.
 */
export async function bidHistory(ctx: ServerContext, viewer: Actor, bidId: string) {
  const row = await findBid(ctx.db, bidId);
  if (!row) throw bidNotFound();
  // A request the viewer may not open hides its bids too: the bid is "not found", not the request.
  const request = await readOpenableRequestFacts(ctx.db, viewer, row.bid.workRequestId).catch(
    (error: unknown) => {
      throw error instanceof AppError && error.code === 'request_not_found' ? bidNotFound() : error;
    },
  );
  const visible = bidsVisibleTo(viewer, request);
  if (visible === 'none' || (visible === 'own' && row.bid.providerId !== viewer.id)) {
    throw bidNotFound();
  }
  return revisionsOf(ctx.db, bidId);
}

/**
 * A bid's price as kept, for a reader already allowed to see it (the console's Cases): its lines
 * now, with the server's totals, and every version of it, oldest first. Undefined if it is gone.
 */
export async function pricedBidOf(db: Db, bidId: string) {
  const row = await findBid(db, bidId);
  if (!row) return undefined;
  const { bid } = row;
  return {
    amount_cents: bid.amountCents,
    lines: presentLines(bid.lines),
    revision: bid.revision,
    revised_at: bid.revisedAt?.toISOString() ?? null,
    valid_until: bid.validUntil,
    earliest_start: bid.earliestStart,
    revisions: (await revisionsOf(db, bidId)).map(presentRevision),
  };
}

/** The client asks the provider of an expired bid for a new price (once until it is revised). */
export async function requestNewPrice(ctx: ServerContext, viewer: Actor, bidId: string) {
  await ctx.db.transaction(async (tx) => {
    const { bid, request } = await lockBid(tx, bidId);
    const refusal = requestPriceRefusal(
      viewer,
      { ...bid, proposalPending: false },
      request,
      new Date(),
    );
    if (refusal) throw refuse(refusal);
    await updateBid(tx, bidId, { priceRequestedAt: new Date() });
    await ctx.events.publish(tx, 'bid.price_requested', {
      bidId,
      workRequestId: request.id,
      clientId: request.clientId,
      providerId: bid.providerId,
      title: request.title,
    });
  });
  await ctx.writeAudit({
    action: 'bid.price_request',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    message: `bid ${bidId}`,
  });
  return foundBid(await findBid(ctx.db, bidId));
}

/** After the hire the hired provider proposes a new price; it changes nothing until accepted. */
export async function proposePrice(
  ctx: ServerContext,
  viewer: Actor,
  bidId: string,
  input: Omit<PricedBidInput, 'description' | 'valid_until' | 'earliest_start'> & {
    note: string;
  },
) {
  await ctx.db.transaction(async (tx) => {
    const { bid, request } = await lockBid(tx, bidId);
    const waiting = await pendingProposal(tx, bidId);
    const refusal = proposePriceRefusal(viewer, { ...bid, proposalPending: !!waiting }, request);
    if (refusal) throw refuse(refusal);
    const price = storedPrice(input);
    const proposal = await insertProposal(tx, {
      bidId,
      amountCents: price.amountCents,
      lines: price.lines,
      note: input.note,
    });
    if (!proposal) throw refuse('price_proposal_pending');
    await ctx.events.publish(tx, 'bid.price_proposed', {
      proposalId: proposal.id,
      bidId,
      workRequestId: request.id,
      clientId: request.clientId,
      providerId: bid.providerId,
      title: request.title,
      amountCents: price.amountCents,
      previousCents: bid.amountCents,
    });
  });
  await ctx.writeAudit({
    action: 'bid.price_propose',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    message: `bid ${bidId}`,
  });
  return foundBid(await findBid(ctx.db, bidId));
}

/**
 * The client answers the waiting proposal. Accepted, it becomes the bid's price and lines (a
 * version of its history, `price_agreed`); declined, the agreed price stays. Either way the
 * provider is told.
 */
export async function answerProposal(
  ctx: ServerContext,
  viewer: Actor,
  bidId: string,
  answer: 'accept' | 'decline',
) {
  await ctx.db.transaction(async (tx) => {
    const { bid, request } = await lockBid(tx, bidId);
    const proposal = await pendingProposal(tx, bidId);
    const refusal = answerProposalRefusal(viewer, { ...bid, proposalPending: !!proposal }, request);
    if (refusal || !proposal) throw refuse(refusal ?? 'price_proposal_not_found');
    const accepted = answer === 'accept';
    await answerProposalRow(tx, proposal.id, accepted ? 'ACCEPTED' : 'DECLINED');
    if (accepted) {
      const revision = bid.revision + 1;
      const price = { amountCents: proposal.amountCents, lines: proposal.lines };
      await updateBid(tx, bidId, { ...price, revision });
      await insertRevision(tx, {
        bidId,
        revision,
        reason: 'price_agreed',
        description: bid.description,
        validUntil: bid.validUntil,
        earliestStart: bid.earliestStart,
        ...price,
      });
    }
    await ctx.events.publish(tx, 'bid.price_answered', {
      proposalId: proposal.id,
      bidId,
      workRequestId: request.id,
      clientId: request.clientId,
      providerId: bid.providerId,
      title: request.title,
      amountCents: proposal.amountCents,
      accepted,
    });
  });
  await ctx.writeAudit({
    action: answer === 'accept' ? 'bid.price_accept' : 'bid.price_decline',
    outcome: 'success',
    actorType: viewer.role,
    actorId: viewer.id,
    message: `bid ${bidId}`,
  });
  return foundBid(await findBid(ctx.db, bidId));
}
