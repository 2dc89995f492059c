import type { Actor } from '../../shared/actor';
import { describe, expect, it } from 'vitest';
import { WORK_REQUEST_STATUSES, type WorkRequestStatus } from '../../shared/statuses';
import {
  canOpenRequest,
  canSeeClientContact,
  canSeeProviderContact,
  extendedBidsUntil,
  extendRefusal,
  isDeadlineInPast,
  isHired,
  nextRequestStatus,
  placeBidRefusal,
  requestActions,
  shouldExpire,
  type RequestEvent,
  type RequestFacts,
} from './requests.rules';

const owner: Actor = { id: 'client-1', role: 'client' };
const otherClient: Actor = { id: 'client-2', role: 'client' };
const winner: Actor = { id: 'provider-1', role: 'provider' };
const otherProvider: Actor = { id: 'provider-2', role: 'provider' };
const admin: Actor = { id: 'admin-1', role: 'administrator' };

const request = (status: WorkRequestStatus, extra: Partial<RequestFacts> = {}): RequestFacts => ({
  clientId: owner.id,
  status,
  clientActive: true,
  acceptedProviderId: isHired(status) ? winner.id : null,
  bidsUntil: new Date('2026-05-20T10:00:00Z'),
  extended: false,
  ...extra,
});

/** Before the request's `bids_until` (2026-05-20T10:00Z). */
const now = new Date('2026-05-10T10:00:00Z');

describe('request transitions', () => {
  const expected: Record<WorkRequestStatus, Partial<Record<RequestEvent, WorkRequestStatus>>> = {
    OPEN: { assign: 'ASSIGNED', cancel: 'CANCELLED', expire: 'EXPIRED', extend: 'OPEN' },
    ASSIGNED: {
      complete: 'COMPLETED',
      mark_done: 'DONE',
      report_problem: 'DISPUTED',
      winner_gone: 'OPEN',
    },
    DONE: {
      confirm: 'COMPLETED',
      auto_complete: 'COMPLETED',
      report_problem: 'DISPUTED',
      winner_gone: 'OPEN',
    },
    DISPUTED: {
      resolve_complete: 'COMPLETED',
      resolve_cancel: 'CANCELLED',
      resolve_reopen: 'OPEN',
      winner_gone: 'OPEN',
    },
    COMPLETED: {},
    CANCELLED: {},
    EXPIRED: { assign: 'ASSIGNED', cancel: 'CANCELLED', extend: 'OPEN' },
  };
  const events: RequestEvent[] = [
    'assign',
    'cancel',
    'complete',
    'winner_gone',
    'expire',
    'extend',
    'mark_done',
    'confirm',
    'auto_complete',
    'report_problem',
    'resolve_complete',
    'resolve_cancel',
    'resolve_reopen',
  ];
  for (const status of WORK_REQUEST_STATUSES) {
    for (const event of events) {
      it(`${status} --${event}--> ${expected[status][event] ?? 'refused'}`, () => {
        expect(nextRequestStatus(status, event)).toBe(expected[status][event]);
      });
    }
  }

  it('counts a provider as hired from the hire until the job completes, disputes included', () => {
    expect(WORK_REQUEST_STATUSES.filter(isHired)).toEqual([
      'ASSIGNED',
      'COMPLETED',
      'DONE',
      'DISPUTED',
    ]);
  });
});

describe('what each actor may do with a request', () => {
  // [actor, status, hasBid, reviewed] → allowed actions
  const cases: [string, Actor, WorkRequestStatus, boolean, boolean, string[]][] = [
    ['owner', owner, 'OPEN', false, false, ['cancel', 'delete', 'view_bids', 'extend']],
    ['owner', owner, 'EXPIRED', false, false, ['cancel', 'delete', 'view_bids', 'extend']],
    ['provider with a bid', otherProvider, 'EXPIRED', true, false, ['view_bids']],
    ['provider without a bid', otherProvider, 'EXPIRED', false, false, []],
    ['administrator', admin, 'EXPIRED', false, false, ['delete', 'view_bids']],
    [
      'owner',
      owner,
      'ASSIGNED',
      false,
      false,
      ['complete', 'report_problem', 'review', 'view_bids'],
    ],
    ['owner', owner, 'ASSIGNED', false, true, ['complete', 'report_problem', 'view_bids']],
    ['owner', owner, 'DONE', false, true, ['complete', 'report_problem', 'view_bids']],
    ['owner', owner, 'DISPUTED', false, true, ['view_bids']],
    ['owner', owner, 'COMPLETED', false, false, ['review', 'view_bids']],
    ['owner', owner, 'COMPLETED', false, true, ['view_bids']],
    ['owner', owner, 'CANCELLED', false, false, ['view_bids']],
    ['other client', otherClient, 'OPEN', false, false, []],
    ['other client', otherClient, 'ASSIGNED', false, false, []],
    ['provider without a bid', otherProvider, 'OPEN', false, false, ['place_bid']],
    ['provider with a bid', otherProvider, 'OPEN', true, false, ['view_bids']],
    ['provider', otherProvider, 'ASSIGNED', false, false, []],
    ['provider', otherProvider, 'CANCELLED', false, false, []],
    ['winner', winner, 'ASSIGNED', true, false, ['mark_done', 'view_bids']],
    ['winner', winner, 'DONE', true, false, ['view_bids']],
    ['winner', winner, 'DISPUTED', true, false, ['view_bids']],
    ['provider', otherProvider, 'DONE', true, false, ['view_bids']],
    ['winner', winner, 'COMPLETED', true, false, ['view_bids']],
    ['administrator', admin, 'OPEN', false, false, ['delete', 'view_bids']],
    ['administrator', admin, 'ASSIGNED', false, false, ['delete', 'view_bids']],
    ['administrator', admin, 'COMPLETED', false, false, ['delete', 'view_bids']],
    ['administrator', admin, 'CANCELLED', false, false, ['delete', 'view_bids']],
    ['administrator', admin, 'DISPUTED', false, false, ['delete', 'view_bids']],
  ];
  for (const [name, actor, status, hasBid, reviewed, allowed] of cases) {
    it(`${name}, ${status}${hasBid ? ', has bid' : ''}${reviewed ? ', reviewed' : ''}: ${allowed.join(', ') || 'nothing'}`, () => {
      expect(requestActions(actor, request(status), { hasBid, reviewed, now })).toEqual(allowed);
    });
  }

  it('takes no bids for a request of a disabled client', () => {
    const facts = request('OPEN', { clientActive: false });
    expect(requestActions(otherProvider, facts, { hasBid: false, reviewed: false, now })).toEqual(
      [],
    );
  });

  it('offers no review for a hire whose winner left', () => {
    const facts = request('COMPLETED', { acceptedProviderId: null });
    expect(requestActions(owner, facts, { hasBid: false, reviewed: false, now })).toEqual([
      'view_bids',
    ]);
  });
});

describe('the time for bids', () => {
  const ended = new Date('2026-05-20T10:00:00Z');

  it('takes bids until bids_until, and refuses them from that instant, expired or not yet', () => {
    expect(placeBidRefusal(otherProvider, request('OPEN'), false, now)).toBeNull();
    expect(
      placeBidRefusal(otherProvider, request('OPEN'), false, new Date(ended.getTime() - 1)),
    ).toBeNull();
    // The expiry job has not run yet: the rule reads the clock.
    expect(placeBidRefusal(otherProvider, request('OPEN'), false, ended)).toBe('request_expired');
    expect(placeBidRefusal(otherProvider, request('EXPIRED'), false, now)).toBe('request_expired');
    expect(
      requestActions(otherProvider, request('OPEN'), {
        hasBid: false,
        reviewed: false,
        now: ended,
      }),
    ).toEqual([]);
  });

  it('still answers a client or a closed request as before', () => {
    expect(placeBidRefusal(owner, request('EXPIRED'), false, now)).toBe('provider_only');
    expect(placeBidRefusal(otherProvider, request('ASSIGNED'), false, ended)).toBe(
      'request_not_open',
    );
    expect(placeBidRefusal(otherProvider, request('CANCELLED'), false, now)).toBe(
      'request_not_open',
    );
  });

  it('expires an open request at its bids_until, and nothing else', () => {
    expect(shouldExpire(request('OPEN'), now)).toBe(false);
    expect(shouldExpire(request('OPEN'), ended)).toBe(true);
    for (const status of ['ASSIGNED', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const)
      expect(shouldExpire(request(status), ended)).toBe(false);
  });

  it('lets the owner alone extend an open or expired request of an active account, once', () => {
    expect(extendRefusal(owner, request('OPEN'))).toBeNull();
    expect(extendRefusal(owner, request('EXPIRED'))).toBeNull();
    expect(extendRefusal(owner, request('EXPIRED', { extended: true }))).toBe(
      'request_already_extended',
    );
    expect(extendRefusal(owner, request('EXPIRED', { clientActive: false }))).toBe(
      'client_disabled',
    );
    expect(extendRefusal(otherClient, request('OPEN'))).toBe('insufficient_permissions');
    expect(extendRefusal(admin, request('OPEN'))).toBe('insufficient_permissions');
    expect(extendRefusal(winner, request('EXPIRED'))).toBe('insufficient_permissions');
    for (const status of ['ASSIGNED', 'COMPLETED', 'CANCELLED'] as const)
      expect(extendRefusal(owner, request(status))).toBe('request_not_open');
    expect(
      requestActions(owner, request('EXPIRED', { extended: true }), {
        hasBid: false,
        reviewed: false,
        now,
      }),
    ).not.toContain('extend');
  });

  it('counts an extension from the old end while it is ahead, else from now', () => {
    expect(extendedBidsUntil(request('OPEN'), 3, now).toISOString()).toBe(
      '2026-05-23T10:00:00.000Z',
    );
    const later = new Date('2026-05-25T08:00:00Z');
    expect(extendedBidsUntil(request('EXPIRED'), 14, later).toISOString()).toBe(
      '2026-06-08T08:00:00.000Z',
    );
  });
});

describe('who sees contacts', () => {
  it("shows the client's contact to the owner, administrators and the standing winner only", () => {
    for (const status of WORK_REQUEST_STATUSES) {
      const facts = request(status);
      expect(canSeeClientContact(owner, facts)).toBe(true);
      expect(canSeeClientContact(admin, facts)).toBe(true);
      expect(canSeeClientContact(winner, facts)).toBe(isHired(status));
      expect(canSeeClientContact(otherProvider, facts)).toBe(false);
      expect(canSeeClientContact(otherClient, facts)).toBe(false);
    }
  });

  it("shows a provider's contact to administrators, the provider and clients who hired them", () => {
    expect(canSeeProviderContact(undefined, winner.id, false)).toBe(false);
    expect(canSeeProviderContact(admin, winner.id, false)).toBe(true);
    expect(canSeeProviderContact(winner, winner.id, false)).toBe(true);
    expect(canSeeProviderContact(otherProvider, winner.id, true)).toBe(false);
    expect(canSeeProviderContact(owner, winner.id, true)).toBe(true);
    expect(canSeeProviderContact(otherClient, winner.id, false)).toBe(false);
  });
});

describe('a bid deadline', () => {
  it('may be today anywhere on Earth, but not earlier', () => {
    // 10:00 UTC on 5 May: it is already 5 May from UTC−10 eastwards, still 4 May at UTC−12.
    const now = new Date('2026-05-05T10:00:00Z');
    expect(isDeadlineInPast('2026-05-05', now)).toBe(false);
    expect(isDeadlineInPast('2026-05-04', now)).toBe(false);
    expect(isDeadlineInPast('2026-05-03', now)).toBe(true);
    expect(isDeadlineInPast('0000-01-01', now)).toBe(true);
    // 13:00 UTC: 5 May everywhere, so 4 May is past for everybody.
    expect(isDeadlineInPast('2026-05-04', new Date('2026-05-05T13:00:00Z'))).toBe(true);
    expect(isDeadlineInPast('9999-12-31', now)).toBe(false);
  });
});

describe('who may open a request', () => {
  it('lets anyone signed in open an open request', () => {
    for (const actor of [owner, otherClient, winner, otherProvider, admin])
      expect(canOpenRequest(actor, { status: 'OPEN', clientId: owner.id }, false)).toBe(true);
  });

  it.each(['ASSIGNED', 'DONE', 'DISPUTED', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const)(
    'lets only its client, its bidders and administrators open a %s request',
    (status) => {
      const request = { status, clientId: owner.id };
      expect(canOpenRequest(owner, request, false)).toBe(true);
      expect(canOpenRequest(admin, request, false)).toBe(true);
      expect(canOpenRequest(winner, request, true)).toBe(true);
      expect(canOpenRequest(otherProvider, request, false)).toBe(false);
      expect(canOpenRequest(otherClient, request, false)).toBe(false);
      // Only a provider's bid counts: a client cannot have one.
      expect(canOpenRequest(otherClient, request, true)).toBe(false);
    },
  );
});
