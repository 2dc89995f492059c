import type { ServerContext } from '../../../server/context';
import { refusalError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { lockRequestFacts, readOpenableRequestFacts } from '../../requests/server';
import { canSeeClientRating, clientRatingActions, clientReviewRefusal } from '../reviews.rules';
import { clientRatingOf, findClientReview, insertClientReview } from './client-reviews.repo';

const REFUSALS = {
  insufficient_permissions: "Only providers see a client's rating.",
  review_not_allowed: 'Only the provider hired for this job can review its client.',
  request_not_completed: 'You can review the client once the job is completed.',
  review_exists: 'This job has already been reviewed.',
} as const;

/**
 * The rating of a request's client, for a provider deciding whether to bid (and administrators),
 * with the viewer's own review of the client and whether they may write it. Whoever may not
 * open the request is told it does not exist; clients, the request's own client too, are refused.
 */
export async function clientRatingFor(ctx: ServerContext, viewer: Actor, workRequestId: string) {
  const request = await readOpenableRequestFacts(ctx.db, viewer, workRequestId);
  if (!canSeeClientRating(viewer)) throw refusalError('insufficient_permissions', REFUSALS);
  const [rating, own] = await Promise.all([
    clientRatingOf(ctx.db, request.clientId),
    findClientReview(ctx.db, workRequestId, viewer.id),
  ]);
  return { rating, own, actions: clientRatingActions(viewer, request, own !== undefined) };
}

/**
 * The hired provider reviews the client of a completed job, once: stars and a short text. The
 * request is share-locked while the review is written, so its state cannot move meanwhile; two
 * reviews sent at once leave one (the unique key), the other is told `review_exists`.
 */
export async function reviewClient(
  ctx: ServerContext,
  viewer: Actor,
  workRequestId: string,
  input: { rating: number; comment?: string | undefined },
) {
  const review = await ctx.db.transaction(async (tx) => {
    const request = await lockRequestFacts(tx, workRequestId, 'share');
    const refusal = clientReviewRefusal(viewer, request, false);
    if (refusal) throw refusalError(refusal, REFUSALS);
    const added = await insertClientReview(tx, {
      clientId: request.clientId,
      providerId: viewer.id,
      workRequestId,
      rating: input.rating,
      comment: input.comment ?? null,
    });
    if (!added) throw refusalError('review_exists', REFUSALS);
    await ctx.events.publish(tx, 'client_review.posted', {
      clientReviewId: added.id,
      clientId: request.clientId,
      providerId: viewer.id,
      workRequestId,
      title: request.title,
    });
    return added;
  });
  await ctx.writeAudit({
    action: 'client_review.create',
    outcome: 'success',
    actorType: 'provider',
    actorId: viewer.id,
    targetType: 'client',
    targetUserId: review.clientId,
  });
  return review;
}
