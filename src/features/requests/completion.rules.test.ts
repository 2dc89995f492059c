import { describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/actor';
import { WORK_REQUEST_STATUSES, type WorkRequestStatus } from '../../shared/statuses';
import {
  canSeeCompletion,
  caseActions,
  completeRefusal,
  completionEvent,
  isHired,
  markDoneRefusal,
  reportProblemRefusal,
  resolveRefusal,
  type RequestFacts,
} from './requests.rules';

const owner: Actor = { id: 'client-1', role: 'client' };
const otherClient: Actor = { id: 'client-2', role: 'client' };
const winner: Actor = { id: 'provider-1', role: 'provider' };
const loser: Actor = { id: 'provider-2', role: 'provider' };
const admin: Actor = { id: 'admin-1', role: 'administrator' };

const request = (status: WorkRequestStatus): RequestFacts => ({
  clientId: owner.id,
  status,
  clientActive: true,
  acceptedProviderId: isHired(status) || status === 'CANCELLED' ? winner.id : null,
  bidsUntil: new Date('2026-05-20T10:00:00Z'),
  extended: false,
});

/** For each state, the refusal every other actor meets, and the state's own answer for the one allowed. */
const byState = (allowedIn: WorkRequestStatus[], stateRefusal: string) =>
  Object.fromEntries(
    WORK_REQUEST_STATUSES.map((status) => [
      status,
      allowedIn.includes(status) ? null : stateRefusal,
    ]),
  ) as Record<WorkRequestStatus, string | null>;

describe("the provider's done", () => {
  // An OPEN request has nobody hired yet.
  const expected = {
    ...byState(['ASSIGNED'], 'request_not_in_progress'),
    OPEN: 'insufficient_permissions',
    EXPIRED: 'insufficient_permissions',
  };
  it.each(WORK_REQUEST_STATUSES)('in %s: the hired provider only', (status) => {
    expect(markDoneRefusal(winner, request(status))).toBe(expected[status]);
    for (const actor of [owner, otherClient, loser, admin]) {
      expect(markDoneRefusal(actor, request(status))).toBe('insufficient_permissions');
    }
  });

  it('is refused to a provider whose hire is gone', () => {
    expect(markDoneRefusal(winner, { ...request('ASSIGNED'), acceptedProviderId: null })).toBe(
      'insufficient_permissions',
    );
  });
});

describe("the client's problem", () => {
  const expected = byState(['ASSIGNED', 'DONE'], 'request_not_in_progress');
  it.each(WORK_REQUEST_STATUSES)('in %s: the client only', (status) => {
    expect(reportProblemRefusal(owner, request(status))).toBe(expected[status]);
    for (const actor of [otherClient, winner, loser, admin]) {
      expect(reportProblemRefusal(actor, request(status))).toBe('insufficient_permissions');
    }
  });
});

describe("the client's completion", () => {
  it('completes an assigned job directly and confirms a done one', () => {
    expect(completionEvent('ASSIGNED')).toBe('complete');
    expect(completionEvent('DONE')).toBe('confirm');
    for (const status of ['OPEN', 'DISPUTED', 'COMPLETED', 'CANCELLED'] as const) {
      expect(completionEvent(status)).toBeUndefined();
      expect(completeRefusal(owner, request(status))).toBe('request_not_assigned');
    }
    expect(completeRefusal(owner, request('DONE'))).toBeNull();
    expect(completeRefusal(winner, request('DONE'))).toBe('insufficient_permissions');
  });
});

describe("an administrator's decision", () => {
  const expected = byState(['DISPUTED'], 'request_not_disputed');
  it.each(WORK_REQUEST_STATUSES)('in %s: administrators only', (status) => {
    expect(resolveRefusal(admin, request(status))).toBe(expected[status]);
    expect(caseActions(admin, request(status))).toEqual(
      status === 'DISPUTED' ? ['complete', 'cancel', 'reopen'] : [],
    );
    for (const actor of [owner, otherClient, winner, loser]) {
      expect(resolveRefusal(actor, request(status))).toBe('insufficient_permissions');
      expect(caseActions(actor, request(status))).toEqual([]);
    }
  });
});

describe('who reads how a job ends', () => {
  it('is the two sides of the hire and administrators, never another bidder', () => {
    for (const status of WORK_REQUEST_STATUSES) {
      const facts = request(status);
      expect(canSeeCompletion(owner, facts)).toBe(true);
      expect(canSeeCompletion(admin, facts)).toBe(true);
      expect(canSeeCompletion(winner, facts)).toBe(facts.acceptedProviderId === winner.id);
      expect(canSeeCompletion(loser, facts)).toBe(false);
      expect(canSeeCompletion(otherClient, facts)).toBe(false);
    }
  });
});
