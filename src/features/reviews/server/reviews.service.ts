import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import { refusalError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import { findUserById } from '../../accounts/server';
import { hiresOf, markRequestReviewed, readRequestFacts } from '../../requests/server';
import { reviewRefusal } from '../../requests/requests.rules';
import { insertReview, ratingOf, reviewedRequestIds, reviewsOfProvider } from './reviews.repo';

export { countVisibleReviews, ratingOf } from './reviews.repo';

const REFUSALS = {
  review_not_allowed: 'Only the client who hired this provider can review them.',
  review_exists: 'This job has already been reviewed.',
} as const;

/** The viewer's hires of this provider that still await a review (empty for anyone else). */
export async function reviewableRequests(db: Db, viewer: Actor | undefined, providerId: string) {
  if (viewer?.role !== 'client') return [];
  const hired = await hiresOf(db, viewer.id, providerId);
  const reviewed = await reviewedRequestIds(db, hired);
  return hired.filter((id) => !reviewed.has(id));
}

/** One page of a provider's reviews, newest first, with the total. */
export async function listReviews(db: Db, providerId: string, page: number, limit: number) {
  const [rows, rating] = await Promise.all([
    reviewsOfProvider(db, providerId, limit, (page - 1) * limit),
    ratingOf(db, providerId),
  ]);
  return { rows, total: rating.total };
}

/** Reviews come only from real hires: the client of a request this provider won, once per request. */
export async function addReview(
  ctx: ServerContext,
  viewer: Actor,
  providerId: string,
  input: {
    work_request_id: string;
    rating: number;
    comment?: string | undefined;
    anonymous: boolean;
  },
) {
  const request = await readRequestFacts(ctx.db, input.work_request_id).catch(() => undefined);
  const wonByProvider = request?.acceptedProviderId === providerId;
  const refusal =
    request && wonByProvider ? reviewRefusal(viewer, request, false) : 'review_not_allowed';
  if (refusal) throw refusalError(refusal, REFUSALS);
  const review = await ctx.db.transaction(async (tx) => {
    const added = await insertReview(tx, {
      providerId,
      clientId: viewer.id,
      workRequestId: input.work_request_id,
      rating: input.rating,
      comment: input.comment ?? null,
      anonymous: input.anonymous,
    });
    if (added) {
      await markRequestReviewed(tx, input.work_request_id);
      await ctx.events.publish(tx, 'review.posted', {
        reviewId: added.id,
        workRequestId: input.work_request_id,
        providerId,
        title: request!.title,
        rating: input.rating,
      });
    }
    return added;
  });
  if (!review) throw refusalError('review_exists', REFUSALS);
  await ctx.writeAudit({
    action: 'review.create',
    outcome: 'success',
    actorType: 'client',
    actorId: viewer.id,
    targetType: 'provider',
    targetUserId: providerId,
  });
  const author = await findUserById(ctx.db, viewer.id);
  return { review, authorName: author?.name ?? null };
}
