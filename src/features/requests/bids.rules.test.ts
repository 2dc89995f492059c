import type { Actor } from '../../shared/actor';
import { describe, expect, it } from 'vitest';
import {
  BID_STATUSES,
  WORK_REQUEST_STATUSES,
  type BidStatus,
  type WorkRequestStatus,
} from '../../shared/statuses';
import {
  acceptRefusal,
  bidActions,
  bidsVisibleTo,
  changeRefusal,
  nextBidStatus,
  type BidEvent,
} from './bids.rules';

const client: Actor = { id: 'client-1', role: 'client' };
const otherClient: Actor = { id: 'client-2', role: 'client' };
const bidder: Actor = { id: 'provider-1', role: 'provider' };
const otherProvider: Actor = { id: 'provider-2', role: 'provider' };
const admin: Actor = { id: 'admin-1', role: 'administrator' };

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
    // An expired request takes no bids, but its client may still hire a pending one.
    if (name === 'client')
      return live || (bid === 'PENDING' && request === 'EXPIRED') ? ['accept'] : [];
    if (name === 'bidder')
      return live
        ? ['change', 'withdraw']
        : bid === 'PENDING' && request === 'EXPIRED'
          ? ['withdraw']
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
              { providerId: bidder.id, status: bid },
              { clientId: client.id, status: request },
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
    expect(changeRefusal(otherProvider, pending, { clientId: client.id, status: 'OPEN' })).toBe(
      'insufficient_permissions',
    );
  });

  it('shows the owner and administrators every bid, a provider their own, others none', () => {
    const request = { clientId: client.id };
    expect(bidsVisibleTo(client, request)).toBe('all');
    expect(bidsVisibleTo(admin, request)).toBe('all');
    expect(bidsVisibleTo(bidder, request)).toBe('own');
    expect(bidsVisibleTo(otherClient, request)).toBe('none');
  });
});
