import type { Actor } from '../../shared/actor';
import type { BidStatus } from '../../shared/statuses';
import {
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

/** Accepting is final (spec core §4): the request's client, a pending bid, an open request. */
export function acceptRefusal(actor: Actor, bid: BidFacts, request: BidRequestFacts): Refusal {
  if (!isRequestOwner(actor, request)) return 'insufficient_permissions';
  if (!nextRequestStatus(request.status, 'assign')) return 'request_not_open';
  return nextBidStatus(bid.status, 'accept') ? null : 'bid_not_pending';
}

/** Beyond the spec: the bidder changes or withdraws a pending bid while the request is open. */
export function changeRefusal(actor: Actor, bid: BidFacts, request: BidRequestFacts): Refusal {
  if (actor.role !== 'provider' || actor.id !== bid.providerId) return 'insufficient_permissions';
  return bid.status === 'PENDING' && request.status === 'OPEN' ? null : 'bid_not_pending';
}

/**
 * Withdrawing, as changing; and also once the request's time for bids ran out (EXPIRED): the bid
 * may still be chosen, so its provider may take it back rather than be hired when they no longer
 * can come.
 */
export function withdrawRefusal(actor: Actor, bid: BidFacts, request: BidRequestFacts): Refusal {
  if (request.status !== 'EXPIRED') return changeRefusal(actor, bid, request);
  return changeRefusal(actor, bid, { ...request, status: 'OPEN' });
}

/** Which bids of a request the actor sees: decided with the request's other rules. */
export { bidsVisibleTo } from './requests.rules';

export const BID_ACTIONS = ['accept', 'change', 'withdraw'] as const;
export type BidAction = (typeof BID_ACTIONS)[number];

/** What the viewer may do next with this bid: sent as `allowed_actions`. */
export function bidActions(actor: Actor, bid: BidFacts, request: BidRequestFacts): BidAction[] {
  const refusals: Record<BidAction, Refusal> = {
    accept: acceptRefusal(actor, bid, request),
    change: changeRefusal(actor, bid, request),
    withdraw: withdrawRefusal(actor, bid, request),
  };
  return BID_ACTIONS.filter((action) => refusals[action] === null);
}
