import type { ServerContext } from '../../../server/context';
import { AppError, refusalError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { answerRefusal, editAnswerRefusal } from '../reviews.rules';
import { lockReview, writeAnswer } from './reviews.repo';

const REFUSALS = {
  insufficient_permissions: 'Only the reviewed provider can answer a review.',
  answer_exists: 'You have already answered this review.',
  answer_not_found: 'This review has no answer yet.',
  answer_edit_closed: 'An answer can be edited only within 48 hours of writing it.',
} as const;

const reviewNotFound = () => new AppError('review_not_found', 'Review not found.');

const factsOf = (review: { providerId: string; answerWrittenAt: Date | null }) => ({
  providerId: review.providerId,
  answerWrittenAt: review.answerWrittenAt,
});

/**
 * The reviewed provider answers a review of themselves, once, publicly. The review's row is
 * locked while the rule is asked and the answer written: of two answers sent at once, one is
 * kept and the other is told `answer_exists`. The review's author is told (`review.answered`).
 */
export async function answerReview(
  ctx: ServerContext,
  viewer: Actor,
  reviewId: string,
  text: string,
  now = new Date(),
) {
  const answered = await ctx.db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (!review) throw reviewNotFound();
    const refusal = answerRefusal(viewer, factsOf(review));
    if (refusal) throw refusalError(refusal, REFUSALS);
    const written = await writeAnswer(tx, reviewId, { text, writtenAt: now });
    await ctx.events.publish(tx, 'review.answered', {
      reviewId,
      providerId: review.providerId,
      clientId: review.clientId,
      workRequestId: review.workRequestId,
    });
    return written;
  });
  await ctx.writeAudit({
    action: 'review.answer',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    targetType: 'review',
    targetUserId: answered.clientId,
  });
  return answered;
}

/**
 * The provider edits their answer within 48 hours of first writing it (the time it was first
 * written does not move). Nobody is told again: the author was told of the answer once.
 */
export async function editAnswer(
  ctx: ServerContext,
  viewer: Actor,
  reviewId: string,
  text: string,
  now = new Date(),
) {
  const edited = await ctx.db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (!review) throw reviewNotFound();
    const refusal = editAnswerRefusal(viewer, factsOf(review), now);
    if (refusal) throw refusalError(refusal, REFUSALS);
    return writeAnswer(tx, reviewId, { text, editedAt: now });
  });
  await ctx.writeAudit({
    action: 'review.answer_edit',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    targetType: 'review',
    targetUserId: edited.clientId,
  });
  return edited;
}
