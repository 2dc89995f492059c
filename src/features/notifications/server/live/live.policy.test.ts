import { describe, expect, it } from 'vitest';
import { LIVE_AUDIENCE, type RequestParties } from './live.policy';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [request, client, winner, loser, other, bidW, bidL, bidO] = [1, 2, 3, 4, 5, 6, 7, 8].map(id);
const parties: RequestParties = {
  clientId: client,
  bids: [
    { id: bidW!, providerId: winner! },
    { id: bidL!, providerId: loser! },
    { id: bidO!, providerId: other! },
  ],
};
const bid = {
  bidId: bidW!,
  workRequestId: request!,
  clientId: client!,
  providerId: winner!,
  title: 'Oprava plota',
  amountCents: 12_000,
};

/** Who hears of what, as `kind id → people`. */
const heard = (audience: ReturnType<(typeof LIVE_AUDIENCE)['bid.placed']>) =>
  Object.fromEntries(
    audience.map(({ to, change }) => [`${change.kind} ${change.id}`, [...new Set(to)].sort()]),
  );

describe('who is told of a change', () => {
  it('tells of a request expired or extended its client and every bidder', () => {
    const everyone = [client, winner, loser, other].sort();
    const expired = LIVE_AUDIENCE['request.expired'](
      {
        workRequestId: request!,
        clientId: client!,
        title: 'x',
        bidCount: 3,
        pendingProviderIds: [winner!],
      },
      parties,
    );
    expect(heard(expired)).toEqual({ [`work_request ${request}`]: everyone });
    const extended = LIVE_AUDIENCE['request.extended'](
      {
        workRequestId: request!,
        clientId: client!,
        title: 'x',
        bidsUntil: '2026-12-20T10:00:00.000Z',
        reopened: true,
        pendingProviderIds: [winner!],
      },
      parties,
    );
    expect(heard(extended)).toEqual({ [`work_request ${request}`]: everyone });
  });

  it('tells of a bid its request’s client and its provider, never the competing bidders', () => {
    const expected = {
      [`work_request ${request}`]: [client, winner].sort(),
      [`bid ${bidW}`]: [winner],
    };
    expect(heard(LIVE_AUDIENCE['bid.placed'](bid, parties))).toEqual(expected);
    const change = { bidId: bidW!, workRequestId: request!, providerId: winner! };
    const revised = { ...change, amountCents: 9_000, revision: 2, seenByClient: true };
    expect(heard(LIVE_AUDIENCE['bid.changed'](revised, parties))).toEqual(expected);
    const price = { ...bid, proposalId: bidW!, previousCents: 8_000 };
    expect(heard(LIVE_AUDIENCE['bid.price_proposed'](price, parties))).toEqual(expected);
    expect(heard(LIVE_AUDIENCE['bid.price_requested'](bid, parties))).toEqual(expected);
    const answered = { ...bid, proposalId: bidW!, accepted: true };
    expect(heard(LIVE_AUDIENCE['bid.price_answered'](answered, parties))).toEqual(expected);
    expect(heard(LIVE_AUDIENCE['bid.withdrawn'](change, parties))).toEqual(expected);
  });

  it('tells of a hire the client and every bidder, and each provider of their own bid', () => {
    const accepted = LIVE_AUDIENCE['bid.accepted'](
      { ...bid, rejectedProviderIds: [loser!, other!] },
      parties,
    );
    expect(heard(accepted)).toEqual({
      [`work_request ${request}`]: [client, winner, loser, other].sort(),
      [`bid ${bidW}`]: [winner],
      [`bid ${bidL}`]: [loser],
      [`bid ${bidO}`]: [other],
    });
  });

  it('tells of a request cancelled, completed or reopened everyone on it', () => {
    const everyone = [client, winner, loser, other].sort();
    const cancelled = LIVE_AUDIENCE['request.cancelled'](
      { workRequestId: request!, clientId: client!, title: 'x', rejectedProviderIds: [loser!] },
      parties,
    );
    expect(heard(cancelled)).toEqual({
      [`work_request ${request}`]: everyone,
      [`bid ${bidL}`]: [loser],
    });
    const completed = LIVE_AUDIENCE['request.completed'](
      { workRequestId: request!, clientId: client!, providerId: winner!, title: 'x', by: 'client' },
      parties,
    );
    expect(heard(completed)).toEqual({ [`work_request ${request}`]: everyone });
    const reopened = LIVE_AUDIENCE['request.reopened'](
      {
        workRequestId: request!,
        clientId: client!,
        title: 'x',
        reason: 'winner_gone',
        reopenedProviderIds: [loser!],
      },
      parties,
    );
    expect(heard(reopened)[`work_request ${request}`]).toEqual(everyone);
  });

  it('tells of a request posted only its client', () => {
    expect(
      heard(
        LIVE_AUDIENCE['request.posted'](
          { workRequestId: request!, clientId: client!, title: 'x' },
          { clientId: client, bids: [] },
        ),
      ),
    ).toEqual({ [`work_request ${request}`]: [client] });
  });
});
