import type { Actor } from '../../shared/actor';
import { describe, expect, it } from 'vitest';
import {
  BID_STATUSES,
  WORK_REQUEST_STATUSES,
  type BidStatus,
  type WorkRequestStatus,
} from '../../shared/statuses';
import {
  acceptPricedRefusal,
  acceptRefusal,
  answerProposalRefusal,
  bidActions,
  bidPrice,
  bidsVisibleTo,
  changeRefusal,
  isBidExpired,
  lineTotalCents,
  linesTotalCents,
  marketToday,
  MAX_BID_TOTAL_CENTS,
  nextBidStatus,
  proposePriceRefusal,
  requestPriceRefusal,
  type BidEvent,
} from './bids.rules';

const client: Actor = { id: 'client-1', role: 'client' };
const otherClient: Actor = { id: 'client-2', role: 'client' };
const bidder: Actor = { id: 'provider-1', role: 'provider' };
const otherProvider: Actor = { id: 'provider-2', role: 'provider' };
const admin: Actor = { id: 'admin-1', role: 'administrator' };
/** Noon in Bratislava on 10 May 2026. */
const now = new Date('2026-05-10T10:00:00Z');
/** The request takes bids until ten days after `now`. */
const bidsUntil = new Date('2026-05-20T10:00:00Z');
/** A bid of `bidder` as placed: no validity, never asked for a new price, no proposal. */
const fresh = {
  providerId: bidder.id,
  status: 'PENDING' as BidStatus,
  validUntil: null,
  priceRequestedAt: null,
  proposalPending: false,
  revision: 1,
};

describe('bid transitions', () => {
  const expected: Record<BidStatus, Partial<Record<BidEvent, BidStatus>>> = {
    PENDING: { accept: 'ACCEPTED', reject: 'REJECTED' },
    ACCEPTED: {},
    REJECTED: { reopen: 'PENDING' },
  };
  for (const status of BID_STATUSES) {
    for (const event of ['accept', 'reject', 'reopen'] as const) {
      it(`${status} --${event}--> ${expected[status][event] ?? 'refused'}`, () => {
        expect(nextBidStatus(status, event)).toBe(expected[status][event]);
      });
    }
  }
});

describe('what each actor may do with a bid', () => {
  const actors: [string, Actor][] = [
    ['client', client],
    ['other client', otherClient],
    ['bidder', bidder],
    ['other provider', otherProvider],
    ['administrator', admin],
  ];
  const expected = (name: string, bid: BidStatus, request: WorkRequestStatus) => {
    const live = bid === 'PENDING' && request === 'OPEN';
    const hired = bid === 'ACCEPTED' && request === 'ASSIGNED';
    // An expired request takes no bids, but its client may still hire a pending one.
    if (name === 'client')
      return live || (bid === 'PENDING' && request === 'EXPIRED') ? ['accept'] : [];
    if (name === 'bidder')
      return live
        ? ['change', 'withdraw']
        : bid === 'PENDING' && request === 'EXPIRED'
          ? ['withdraw']
          : hired
            ? ['propose_price']
            : [];
    return [];
  };
  for (const [name, actor] of actors) {
    for (const bid of BID_STATUSES) {
      for (const request of WORK_REQUEST_STATUSES) {
        const allowed = expected(name, bid, request);
        it(`${name}, ${bid} bid on ${request} request: ${allowed.join(', ') || 'nothing'}`, () => {
          expect(
            bidActions(
              actor,
              { ...fresh, status: bid },
              { clientId: client.id, status: request, bidsUntil },
              now,
            ),
          ).toEqual(allowed);
        });
      }
    }
  }

  it('says why an acceptance is refused', () => {
    const pending = { providerId: bidder.id, status: 'PENDING' as const };
    expect(acceptRefusal(otherClient, pending, { clientId: client.id, status: 'OPEN' })).toBe(
      'insufficient_permissions',
    );
    expect(acceptRefusal(client, pending, { clientId: client.id, status: 'ASSIGNED' })).toBe(
      'request_not_open',
    );
    expect(
      acceptRefusal(
        client,
        { providerId: bidder.id, status: 'REJECTED' },
        { clientId: client.id, status: 'OPEN' },
      ),
    ).toBe('bid_not_pending');
    expect(
      changeRefusal(
        otherProvider,
        pending,
        { clientId: client.id, status: 'OPEN', bidsUntil },
        now,
      ),
    ).toBe('insufficient_permissions');
  });

  it('shows the owner and administrators every bid, a provider their own, others none', () => {
    const request = { clientId: client.id };
    expect(bidsVisibleTo(client, request)).toBe('all');
    expect(bidsVisibleTo(admin, request)).toBe('all');
    expect(bidsVisibleTo(bidder, request)).toBe('own');
    expect(bidsVisibleTo(otherClient, request)).toBe('none');
  });
});

describe('priced lines and totals', () => {
  const line = (quantity: number, unit_price_cents: number) => ({ quantity, unit_price_cents });

  it('totals each line to the cent, half up, and the bid as their sum', () => {
    expect(lineTotalCents(line(2.5, 3_333))).toBe(8_333); // 83.325 € → 83.33 €
    expect(lineTotalCents(line(0.01, 49))).toBe(0); // 0.49 cent → 0
    expect(lineTotalCents(line(0.01, 50))).toBe(1); // half a cent → 1
    expect(linesTotalCents([line(3, 2_500), line(1, 1_990), line(0.5, 100)])).toBe(9_540);
  });

  it('takes the lines’ total as the price, or the amount of a bid without lines', () => {
    expect(bidPrice([line(2, 4_000)], undefined)).toEqual({ cents: 8_000 });
    expect(bidPrice([line(2, 4_000)], 8_000)).toEqual({ cents: 8_000 });
    expect(bidPrice([], 8_950)).toEqual({ cents: 8_950 });
  });

  it('refuses a price of nothing, above the largest bid, or not its lines’ total', () => {
    expect(bidPrice([], undefined)).toEqual({ refusal: 'amount_invalid' });
    expect(bidPrice([line(1, 0)], undefined)).toEqual({ refusal: 'amount_invalid' });
    expect(bidPrice([line(100_000, 100_000_000)], undefined)).toEqual({
      refusal: 'amount_too_high',
    });
    expect(bidPrice(Array(20).fill(line(1, MAX_BID_TOTAL_CENTS / 10)), undefined)).toEqual({
      refusal: 'amount_too_high',
    });
    expect(bidPrice([line(2, 4_000)], 7_999)).toEqual({ refusal: 'bid_total_mismatch' });
  });
});

describe('after the time for bids', () => {
  const open = { clientId: client.id, status: 'OPEN' as const, bidsUntil };
  const closing = new Date(bidsUntil.getTime() - 1);

  it('lets the bidder change a pending bid until the last instant of bids_until', () => {
    expect(changeRefusal(bidder, fresh, open, closing)).toBeNull();
    expect(bidActions(bidder, fresh, open, closing)).toEqual(['change', 'withdraw']);
  });

  it('refuses a change from bids_until on, even before the expiry job ran, but not withdrawing', () => {
    for (const at of [bidsUntil, new Date(bidsUntil.getTime() + 60_000)]) {
      expect(changeRefusal(bidder, fresh, open, at)).toBe('request_expired');
      expect(bidActions(bidder, fresh, open, at)).toEqual(['withdraw']);
    }
  });

  it('refuses a change of a bid on an EXPIRED request (the job ran) with the same reason', () => {
    const expired = { ...open, status: 'EXPIRED' as const };
    expect(changeRefusal(bidder, fresh, expired, closing)).toBe('request_expired');
    expect(bidActions(bidder, fresh, expired, closing)).toEqual(['withdraw']);
  });

  it('still lets the client hire the pending bid past bids_until', () => {
    expect(bidActions(client, fresh, open, bidsUntil)).toEqual(['accept']);
  });

  it('answers a bid that is no longer pending as such, not as a late change', () => {
    const rejected = { ...fresh, status: 'REJECTED' as BidStatus };
    expect(changeRefusal(bidder, rejected, open, bidsUntil)).toBe('bid_not_pending');
    expect(changeRefusal(otherProvider, fresh, open, bidsUntil)).toBe('insufficient_permissions');
  });
});

describe('validity and expiry', () => {
  it('holds through the whole last day in Slovakia, and expires the next', () => {
    // 23:30 UTC on 10 May is already 11 May in Bratislava.
    expect(marketToday(new Date('2026-05-10T23:30:00Z'))).toBe('2026-05-11');
    expect(isBidExpired('2026-05-10', new Date('2026-05-10T21:59:00Z'))).toBe(false);
    expect(isBidExpired('2026-05-10', new Date('2026-05-10T22:01:00Z'))).toBe(true);
    expect(isBidExpired(null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it('refuses accepting an expired bid, and a bid revised since the client saw it', () => {
    const request = { clientId: client.id, status: 'OPEN' as const, bidsUntil };
    const expired = { ...fresh, validUntil: '2026-05-09' };
    expect(acceptPricedRefusal(client, expired, request, now)).toBe('bid_expired');
    expect(acceptPricedRefusal(client, { ...fresh, revision: 3 }, request, now, 2)).toBe(
      'bid_revised',
    );
    expect(acceptPricedRefusal(client, { ...fresh, revision: 3 }, request, now, 3)).toBeNull();
    expect(bidActions(client, expired, request, now)).toEqual(['request_price']);
  });

  it('lets the client ask for a new price once, only of an expired pending bid', () => {
    const request = { clientId: client.id, status: 'OPEN' as const };
    const expired = { ...fresh, validUntil: '2026-05-09' };
    expect(requestPriceRefusal(client, expired, request, now)).toBeNull();
    expect(requestPriceRefusal(client, fresh, request, now)).toBe('bid_not_expired');
    expect(requestPriceRefusal(client, { ...expired, priceRequestedAt: now }, request, now)).toBe(
      'price_already_requested',
    );
    expect(requestPriceRefusal(bidder, expired, request, now)).toBe('insufficient_permissions');
    expect(requestPriceRefusal(client, expired, { ...request, status: 'CANCELLED' }, now)).toBe(
      'bid_not_pending',
    );
  });
});

describe('price proposals after the hire', () => {
  const hired = { clientId: client.id, status: 'ASSIGNED' as const, bidsUntil };
  const accepted = { ...fresh, status: 'ACCEPTED' as BidStatus };

  it('lets only the hired provider propose, one proposal at a time', () => {
    expect(proposePriceRefusal(bidder, accepted, hired)).toBeNull();
    expect(proposePriceRefusal(bidder, { ...accepted, proposalPending: true }, hired)).toBe(
      'price_proposal_pending',
    );
    expect(proposePriceRefusal(client, accepted, hired)).toBe('insufficient_permissions');
    expect(proposePriceRefusal(otherProvider, accepted, hired)).toBe('insufficient_permissions');
    expect(proposePriceRefusal(bidder, fresh, { ...hired, status: 'OPEN' })).toBe(
      'request_not_assigned',
    );
    expect(proposePriceRefusal(bidder, accepted, { ...hired, status: 'COMPLETED' })).toBe(
      'request_not_assigned',
    );
  });

  it('lets only the client answer a waiting proposal', () => {
    const waiting = { ...accepted, proposalPending: true };
    expect(answerProposalRefusal(client, waiting, hired)).toBeNull();
    expect(answerProposalRefusal(client, accepted, hired)).toBe('price_proposal_not_found');
    expect(answerProposalRefusal(bidder, waiting, hired)).toBe('insufficient_permissions');
    expect(bidActions(client, waiting, hired, now)).toEqual(['answer_proposal']);
    expect(bidActions(bidder, waiting, hired, now)).toEqual([]);
  });
});
