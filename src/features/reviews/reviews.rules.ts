import type { Actor } from '../../shared/actor';
import type { Refusal, RequestFacts } from '../requests/requests.rules';

/**
 * Reviews both ways (docs/reviews.md). Pure: no I/O. Services apply these rules under the row
 * locks they take; presenters turn them into `allowed_actions`; screens show buttons from those.
 *
 * - The client reviews the provider they hired (`reviewRefusal` in requests.rules.ts, as before).
 * - The hired provider reviews the client once the job is COMPLETED (`clientReviewRefusal`).
 * - A client's rating is seen by providers and administrators only (`canSeeClientRating`).
 * - The reviewed provider answers a review once, publicly (`answerRefusal`), and may edit the
 *   answer for ANSWER_EDIT_HOURS after first writing it (`editAnswerRefusal`).
 */

/** How long an answer stays editable after it was first written. */
export const ANSWER_EDIT_HOURS = 48;
const ANSWER_EDIT_MS = ANSWER_EDIT_HOURS * 60 * 60 * 1000;

/** The hired provider reviews the client of a completed job, once per job (`reviewed`). */
export function clientReviewRefusal(
  actor: Actor,
  request: Pick<RequestFacts, 'status' | 'acceptedProviderId'>,
  reviewed: boolean,
): Refusal {
  const hired = actor.role === 'provider' && request.acceptedProviderId === actor.id;
  if (!hired) return 'review_not_allowed';
  if (request.status !== 'COMPLETED') return 'request_not_completed';
  return reviewed ? 'review_exists' : null;
}

/**
 * A client's rating ("Client: 4.8 ★ from 6 jobs") is for the providers deciding whether to bid,
 * and for administrators. Clients see no client's rating, not even their own: it is not public,
 * and a client who saw a low mark before writing their own review could answer it in kind.
 */
export const canSeeClientRating = (actor: Actor) =>
  actor.role === 'provider' || actor.role === 'administrator';

/** What the rules need to know about a review of a provider and its answer. */
export interface ReviewFacts {
  providerId: string;
  /** When the provider first wrote their answer; null while there is none. */
  answerWrittenAt: Date | null;
}

/** The reviewed provider answers a review of themselves, once. */
export function answerRefusal(actor: Actor, review: ReviewFacts): Refusal {
  if (actor.id !== review.providerId) return 'insufficient_permissions';
  return review.answerWrittenAt === null ? null : 'answer_exists';
}

/** The provider edits their answer within ANSWER_EDIT_HOURS of first writing it. */
export function editAnswerRefusal(actor: Actor, review: ReviewFacts, now: Date): Refusal {
  if (actor.id !== review.providerId) return 'insufficient_permissions';
  if (review.answerWrittenAt === null) return 'answer_not_found';
  return now.getTime() - review.answerWrittenAt.getTime() < ANSWER_EDIT_MS
    ? null
    : 'answer_edit_closed';
}

export const REVIEW_ACTIONS = ['answer', 'edit_answer'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** What the viewer may do with a review on a provider's page: sent as its `allowed_actions`. */
export function reviewActions(
  actor: Actor | undefined,
  review: ReviewFacts,
  now: Date,
): ReviewAction[] {
  if (!actor) return [];
  const refusals: Record<ReviewAction, Refusal> = {
    answer: answerRefusal(actor, review),
    edit_answer: editAnswerRefusal(actor, review, now),
  };
  return REVIEW_ACTIONS.filter((action) => refusals[action] === null);
}

export const CLIENT_RATING_ACTIONS = ['review_client'] as const;
export type ClientRatingAction = (typeof CLIENT_RATING_ACTIONS)[number];

/** What the viewer may do about the client of this request: sent as `allowed_actions`. */
export function clientRatingActions(
  actor: Actor,
  request: Pick<RequestFacts, 'status' | 'acceptedProviderId'>,
  reviewed: boolean,
): ClientRatingAction[] {
  return clientReviewRefusal(actor, request, reviewed) === null ? ['review_client'] : [];
}
