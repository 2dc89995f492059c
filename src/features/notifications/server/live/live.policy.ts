import type { EventPayload } from '../../../../server/events/catalogue';
import type { LiveChange } from '../../live.schema';

/** Who is involved in a request, read in the transaction of the change. */
export interface RequestParties {
  /** Undefined when the request is gone. */
  clientId: string | undefined;
  /** Every bid on it, whatever its status: each provider who bid may have its page open. */
  bids: { id: string; providerId: string }[];
}

/** A `changed` event and the people whose open pages show the thing it names. */
export interface Audience {
  to: string[];
  change: LiveChange;
}

export type ChangeEvent =
  | 'request.posted'
  | 'request.cancelled'
  | 'request.completed'
  | 'request.reopened'
  | 'request.expired'
  | 'request.extended'
  | 'request.marked_done'
  | 'request.disputed'
  | 'request.dispute_resolved'
  | 'bid.placed'
  | 'bid.changed'
  | 'bid.withdrawn'
  | 'bid.accepted'
  | 'bid.price_requested'
  | 'bid.price_proposed'
  | 'bid.price_answered';

const present = (...ids: (string | undefined)[]) => ids.filter((id): id is string => !!id);
const request = (id: string, to: string[]): Audience => ({
  to,
  change: { kind: 'work_request', id },
});
const ownBid = (bid: { id: string; providerId: string }): Audience => ({
  to: [bid.providerId],
  change: { kind: 'bid', id: bid.id },
});
const everyoneOn = (parties: RequestParties) =>
  present(parties.clientId, ...parties.bids.map((bid) => bid.providerId));
const bidsOf = (parties: RequestParties, providerIds: readonly string[]) =>
  parties.bids.filter((bid) => providerIds.includes(bid.providerId));

/**
 * Who is told, by a `changed` event, of each change (docs/notifications.md "Live streams"). Only
 * people who may already open the thing hear of it, and only its kind and id:
 * - a bid placed, changed or withdrawn: the request's client and the bidding provider (its
 *   request, and that provider's own bid). Other bidders are not told: a provider does not see
 *   the competing bids.
 * - a request accepted (hired), cancelled, completed or reopened: its client and every provider
 *   who bid on it; a provider whose own bid changed status (accepted, rejected, pending again)
 *   also by that bid.
 * - a request's time for bids ended or extended: its client and every provider who bid on it.
 * - a request posted: its client (their other tabs' lists).
 * - a hired job marked done, disputed, or its dispute decided: its client and every provider who
 *   bid on it (their pages show its state); a decision that reopens it also each bid.
 */
export const LIVE_AUDIENCE: {
  [Name in ChangeEvent]: (payload: EventPayload<Name>, parties: RequestParties) => Audience[];
} = {
  'request.posted': (p) => [request(p.workRequestId, [p.clientId])],
  'request.cancelled': (p, parties) => [
    request(p.workRequestId, present(p.clientId, ...everyoneOn(parties))),
    ...bidsOf(parties, p.rejectedProviderIds).map(ownBid),
  ],
  'request.completed': (p, parties) => [
    request(p.workRequestId, present(p.clientId, p.providerId, ...everyoneOn(parties))),
  ],
  'request.reopened': (p, parties) => [
    request(p.workRequestId, present(p.clientId, ...everyoneOn(parties))),
    ...parties.bids.map(ownBid),
  ],
  'request.expired': (p, parties) => [
    request(p.workRequestId, present(p.clientId, ...everyoneOn(parties))),
  ],
  'request.extended': (p, parties) => [
    request(p.workRequestId, present(p.clientId, ...everyoneOn(parties))),
  ],
  // The end of a hired job: its page, for everyone who may have it open.
  'request.marked_done': (p, parties) => [
    request(p.workRequestId, present(p.clientId, p.providerId, ...everyoneOn(parties))),
  ],
  'request.disputed': (p, parties) => [
    request(p.workRequestId, present(p.clientId, p.providerId, ...everyoneOn(parties))),
  ],
  'request.dispute_resolved': (p, parties) => [
    request(p.workRequestId, present(p.clientId, p.providerId, ...everyoneOn(parties))),
    ...parties.bids.map(ownBid),
  ],
  'bid.placed': (p) => [
    request(p.workRequestId, [p.clientId, p.providerId]),
    ownBid({ id: p.bidId, providerId: p.providerId }),
  ],
  'bid.changed': (p, parties) => [
    request(p.workRequestId, present(parties.clientId, p.providerId)),
    ownBid({ id: p.bidId, providerId: p.providerId }),
  ],
  'bid.withdrawn': (p, parties) => [
    request(p.workRequestId, present(parties.clientId, p.providerId)),
    ownBid({ id: p.bidId, providerId: p.providerId }),
  ],
  'bid.accepted': (p, parties) => [
    request(p.workRequestId, present(p.clientId, p.providerId, ...everyoneOn(parties))),
    ownBid({ id: p.bidId, providerId: p.providerId }),
    ...bidsOf(parties, p.rejectedProviderIds).map(ownBid),
  ],
  // The price of one bid: its client and its provider, by the request and the provider's bid.
  'bid.price_requested': (p) => [
    request(p.workRequestId, [p.clientId, p.providerId]),
    ownBid({ id: p.bidId, providerId: p.providerId }),
  ],
  'bid.price_proposed': (p) => [
    request(p.workRequestId, [p.clientId, p.providerId]),
    ownBid({ id: p.bidId, providerId: p.providerId }),
  ],
  'bid.price_answered': (p) => [
    request(p.workRequestId, [p.clientId, p.providerId]),
    ownBid({ id: p.bidId, providerId: p.providerId }),
  ],
};

export const CHANGE_EVENTS = Object.keys(LIVE_AUDIENCE) as ChangeEvent[];
