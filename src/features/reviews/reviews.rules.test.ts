import { describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/actor';
import type { WorkRequestStatus } from '../../shared/statuses';
import {
  answerRefusal,
  canSeeClientRating,
  clientRatingActions,
  clientReviewRefusal,
  editAnswerRefusal,
  reviewActions,
} from './reviews.rules';

const client: Actor = { id: 'client', role: 'client' };
const winner: Actor = { id: 'winner', role: 'provider' };
const other: Actor = { id: 'other', role: 'provider' };
const admin: Actor = { id: 'admin', role: 'administrator' };
const HOUR = 60 * 60 * 1000;

const job = (status: WorkRequestStatus) => ({ status, acceptedProviderId: 'winner' });

describe('the hired provider reviews the client', () => {
  const cases: [string, Actor, WorkRequestStatus, boolean, string | null][] = [
    ['winner, completed', winner, 'COMPLETED', false, null],
    ['winner, completed, already reviewed', winner, 'COMPLETED', true, 'review_exists'],
    ['winner, still assigned', winner, 'ASSIGNED', false, 'request_not_completed'],
    ['another provider', other, 'COMPLETED', false, 'review_not_allowed'],
    ['the client', client, 'COMPLETED', false, 'review_not_allowed'],
    ['an administrator', admin, 'COMPLETED', false, 'review_not_allowed'],
  ];
  for (const [name, actor, status, reviewed, refusal] of cases) {
    it(`${name}: ${refusal ?? 'allowed'}`, () => {
      expect(clientReviewRefusal(actor, job(status), reviewed)).toBe(refusal);
      expect(clientRatingActions(actor, job(status), reviewed)).toEqual(
        refusal ? [] : ['review_client'],
      );
    });
  }
  it('nobody reviews the client of a request without a hire', () => {
    expect(clientReviewRefusal(winner, { status: 'OPEN', acceptedProviderId: null }, false)).toBe(
      'review_not_allowed',
    );
  });
});

describe("who sees a client's rating", () => {
  it('providers and administrators; no client, not even the client themself', () => {
    expect([winner, other, admin, client].map(canSeeClientRating)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe("the provider's answer", () => {
  const now = new Date('2026-12-04T12:00:00Z');
  const unanswered = { providerId: 'winner', answerWrittenAt: null };
  const answeredAgo = (hours: number) => ({
    providerId: 'winner',
    answerWrittenAt: new Date(now.getTime() - hours * HOUR),
  });

  it('is written once, by the reviewed provider alone', () => {
    expect(answerRefusal(winner, unanswered)).toBeNull();
    expect(answerRefusal(winner, answeredAgo(1))).toBe('answer_exists');
    for (const actor of [other, client, admin]) {
      expect(answerRefusal(actor, unanswered)).toBe('insufficient_permissions');
    }
  });

  it('is editable until 48 hours after its writing', () => {
    expect(editAnswerRefusal(winner, unanswered, now)).toBe('answer_not_found');
    expect(editAnswerRefusal(winner, answeredAgo(0), now)).toBeNull();
    expect(editAnswerRefusal(winner, answeredAgo(47.99), now)).toBeNull();
    expect(editAnswerRefusal(winner, answeredAgo(48), now)).toBe('answer_edit_closed');
    expect(editAnswerRefusal(other, answeredAgo(1), now)).toBe('insufficient_permissions');
  });

  it('gives the buttons: answer, then edit for 48 hours, then none', () => {
    expect(reviewActions(winner, unanswered, now)).toEqual(['answer']);
    expect(reviewActions(winner, answeredAgo(2), now)).toEqual(['edit_answer']);
    expect(reviewActions(winner, answeredAgo(49), now)).toEqual([]);
    expect(reviewActions(undefined, unanswered, now)).toEqual([]);
    expect(reviewActions(client, unanswered, now)).toEqual([]);
  });
});
