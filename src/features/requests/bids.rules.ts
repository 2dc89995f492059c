import type { Actor } from '../../shared/actor';
import { MARKET_TIME_ZONE } from '../../shared/format';
import type { BidStatus } from '../../shared/statuses';
import {
  isDeadlineInPast,
  isPastBidding,
  isRequestOwner,
  nextRequestStatus,
  type Refusal,
  type RequestFacts,
} from './requests.rules';

/**
 * The life of a bid (spec core §4):
 *
 *   PENDING ──accept──▶ ACCEPTED        (the request becomes ASSIGNED)
 *      │
 *    reject (another bid was accepted, or the request was cancelled)
 *      ▼
 *   REJECTED ──reopen──▶ PENDING        (the winner deleted their account: the request is open again)
 *
 * A withdrawn bid is deleted, not kept as WITHDRAWN: the provider may bid again, and nobody else
 * saw it as anything but gone (docs/bids.md). Pure: no I/O.
 *
 * Beyond the states (docs/bids.md "Priced lines"): a PENDING bid is revised any number of times
 * until its request's `bids_until`, each version kept; it cannot be accepted past its `valid_until`, when its client may ask for a
 * new price; an ACCEPTED bid's price changes only by a proposal its client accepts.
 */
export const BID_TRANSITIONS = {
  PENDING: { accept: 'ACCEPTED', reject: 'REJECTED' },
  ACCEPTED: {},
  REJECTED: { reopen: 'PENDING' },
} as const satisfies Record<BidStatus, Partial<Record<string, BidStatus>>>;

export type BidEvent = 'accept' | 'reject' | 'reopen';

export function nextBidStatus(status: BidStatus, event: BidEvent): BidStatus | undefined {
  const transitions: Partial<Record<BidEvent, BidStatus>> = BID_TRANSITIONS[status];
  return transitions[event];
}

export interface BidFacts {
  providerId: string;
  status: BidStatus;
}

/** What a bid rule needs to know about the bid's request. */
export type BidRequestFacts = Pick<RequestFacts, 'clientId' | 'status'>;
/** And what the rules of changing a bid read too: until when the request takes bids. */
export type BiddingRequestFacts = BidRequestFacts & Pick<RequestFacts, 'bidsUntil'>;

/** Accepting is final (spec core §4): the request's client, a pending bid, an open request. */
export function acceptRefusal(actor: Actor, bid: BidFacts, request: BidRequestFacts): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  if (!nextRequestStatus(request.status, 'assign')) return 'request_not_open';
  return nextBidStatus(bid.status, 'accept') ? null : 'bid_not_pending';
}

const isBidder = (actor: Actor, bid: BidFacts) =>
  actor.role === 'provider' && actor.id === bid.providerId;

/**
 * Beyond the spec: the bidder changes a pending bid while the request takes bids. Once its time
 * for bids is over (`bids_until` passed, even before the expiry job ran, or EXPIRED) the price
 * stands as it was when bidding closed: the client chooses among offers nobody can move any more.
 */
export function changeRefusal(
  actor: Actor,
  bid: BidFacts,
  request: BiddingRequestFacts,
  now: Date,
): Refusal {
  if (!isBidder(actor, bid)) return 'insufficient_permissions';
  if (bid.status !== 'PENDING') return 'bid_not_pending';
  if (isPastBidding(request, now)) return 'request_expired';
  return request.status === 'OPEN' ? null : 'bid_not_pending';
}

/**
 * Withdrawing a pending bid: while the request is open, and also once its time for bids ran out
 * (past `bids_until`, or EXPIRED): the bid may still be chosen, so its provider may take it back
 * rather than be hired when they no longer can come.
 */
export function withdrawRefusal(actor: Actor, bid: BidFacts, request: BidRequestFacts): Refusal {
  if (!isBidder(actor, bid)) return 'insufficient_permissions';
  const open = request.status === 'OPEN' || request.status === 'EXPIRED';
  return bid.status === 'PENDING' && open ? null : 'bid_not_pending';
}

/** Which bids of a request the actor sees: decided with the request's other rules. */
export { bidsVisibleTo } from './requests.rules';

// ---------------------------------------------------------------------------------------------
// Beyond the spec (issue 32, part 1): priced lines, validity, revisions and price proposals.
// ---------------------------------------------------------------------------------------------

/** What a line of a bid prices (docs/bids.md "Priced lines"). */
export const BID_LINE_KINDS = ['labour', 'material', 'call_out', 'other'] as const;
export type BidLineKind = (typeof BID_LINE_KINDS)[number];

/** A bid carries at most this many lines. */
export const MAX_BID_LINES = 20;
/** Largest total a bid may come to: one million euros, in cents (the database checks it too). */
export const MAX_BID_TOTAL_CENTS = 100_000_000;
/** Largest quantity of one line, and its smallest step (hundredths: 2.5 hours, 0.25 m³). */
export const MAX_LINE_QUANTITY = 100_000;
/** Largest unit price of one line, in cents. */
export const MAX_LINE_UNIT_PRICE_CENTS = MAX_BID_TOTAL_CENTS;

/** One priced line as the wire and the database hold it: money in integer cents. */
export interface BidLine {
  label: string;
  kind: BidLineKind;
  quantity: number;
  unit: string;
  unit_price_cents: number;
}

/**
 * A line's total in cents: the quantity in hundredths times the unit price, rounded half up to
 * the cent once, per line. Exact in integers (at most 10^7 × 10^8, below 2^53).
 */
export function lineTotalCents(line: Pick<BidLine, 'quantity' | 'unit_price_cents'>): number {
  const hundredths = Math.round(line.quantity * 100);
  return Math.floor((hundredths * line.unit_price_cents + 50) / 100);
}

/** The bid's total: the sum of its lines' totals (what the server stores as the bid's amount). */
export function linesTotalCents(lines: readonly Pick<BidLine, 'quantity' | 'unit_price_cents'>[]) {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/**
 * The bid's price in cents, from its lines when it has any (`amountCents` may then be left out,
 * and must equal their total if given), else the amount given. Answers the refusal instead when
 * the lines come to nothing, to more than the largest bid, or disagree with the amount sent.
 */
export function bidPrice(
  lines: readonly Pick<BidLine, 'quantity' | 'unit_price_cents'>[],
  amountCents: number | undefined,
): { cents: number } | { refusal: 'amount_invalid' | 'amount_too_high' | 'bid_total_mismatch' } {
  if (lines.length === 0) {
    return amountCents === undefined ? { refusal: 'amount_invalid' } : { cents: amountCents };
  }
  const total = linesTotalCents(lines);
  if (total <= 0) return { refusal: 'amount_invalid' };
  if (total > MAX_BID_TOTAL_CENTS) return { refusal: 'amount_too_high' };
  if (amountCents !== undefined && amountCents !== total) return { refusal: 'bid_total_mismatch' };
  return { cents: total };
}

/** Today's date in the marketplace's clock (Europe/Bratislava), as `YYYY-MM-DD`. */
export function marketToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: MARKET_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * A bid valid until a day holds through that whole day in Slovakia; from the next day it has
 * expired. A bid without `valid_until` never expires.
 */
export function isBidExpired(validUntil: string | null, now: Date): boolean {
  return validUntil !== null && validUntil < marketToday(now);
}

/** A bid's validity, as refused when it is sent: not before today (with isDeadlineInPast's grace). */
export const isValidUntilInPast = (validUntil: string, now: Date) =>
  isDeadlineInPast(validUntil, now);

/** What the rules of a revised bid, its expiry and its price proposals read. */
export interface PricedBidFacts extends BidFacts {
  validUntil: string | null;
  /** When the client asked for a new price since the last revision; null if they have not. */
  priceRequestedAt: Date | null;
  /** Whether a price proposal after the hire waits for the client's answer. */
  proposalPending: boolean;
}

/**
 * The client asks the provider for a new price: only for their open request's pending bid that
 * has expired, once until the provider revises it.
 */
export function requestPriceRefusal(
  actor: Actor,
  bid: PricedBidFacts,
  request: BidRequestFacts,
  now: Date,
): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  if (bid.status !== 'PENDING' || request.status !== 'OPEN') return 'bid_not_pending';
  if (!isBidExpired(bid.validUntil, now)) return 'bid_not_expired';
  return bid.priceRequestedAt ? 'price_already_requested' : null;
}

/**
 * After the hire the price changes only by agreement: the hired provider proposes, while the job
 * is under way (ASSIGNED), one proposal at a time.
 */
export function proposePriceRefusal(
  actor: Actor,
  bid: PricedBidFacts,
  request: BidRequestFacts,
): Refusal {
  if (!isBidder(actor, bid)) return 'insufficient_permissions';
  if (bid.status !== 'ACCEPTED' || request.status !== 'ASSIGNED') return 'request_not_assigned';
  return bid.proposalPending ? 'price_proposal_pending' : null;
}

/** The client of the hire answers the waiting proposal: accepts (the price changes) or declines. */
export function answerProposalRefusal(
  actor: Actor,
  bid: PricedBidFacts,
  request: BidRequestFacts,
): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  if (bid.status !== 'ACCEPTED' || request.status !== 'ASSIGNED') return 'request_not_assigned';
  return bid.proposalPending ? null : 'price_proposal_not_found';
}

/**
 * Acceptance with the price's rules: not past `valid_until`, and (when the client names the
 * revision they saw) not revised since, so nobody accepts a price they were not shown.
 */
export function acceptPricedRefusal(
  actor: Actor,
  bid: PricedBidFacts & { revision: number },
  request: BidRequestFacts,
  now: Date,
  seenRevision?: number,
): Refusal {
  const refusal = acceptRefusal(actor, bid, request);
  if (refusal) return refusal;
  if (isBidExpired(bid.validUntil, now)) return 'bid_expired';
  return seenRevision !== undefined && seenRevision !== bid.revision ? 'bid_revised' : null;
}

export const BID_ACTIONS = [
  'accept',
  'change',
  'withdraw',
  'request_price',
  'propose_price',
  'answer_proposal',
] as const;
export type BidAction = (typeof BID_ACTIONS)[number];

/** What the viewer may do next with this bid: sent as `allowed_actions`. */
export function bidActions(
  actor: Actor,
  bid: PricedBidFacts & { revision: number },
  request: BiddingRequestFacts,
  now: Date,
): BidAction[] {
  const refusals: Record<BidAction, Refusal> = {
    accept: acceptPricedRefusal(actor, bid, request, now),
    change: changeRefusal(actor, bid, request, now),
    withdraw: withdrawRefusal(actor, bid, request),
    request_price: requestPriceRefusal(actor, bid, request, now),
    propose_price: proposePriceRefusal(actor, bid, request),
    answer_proposal: answerProposalRefusal(actor, bid, request),
  };
  return BID_ACTIONS.filter((action) => refusals[action] === null);
}
