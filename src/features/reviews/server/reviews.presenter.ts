import type { z } from 'zod';
import type { Actor } from '../../../shared/actor';
import { reviewActions } from '../reviews.rules';
import type { answerView, clientRatingResponse, reviewView } from '../reviews.schema';
import type { clientReviews, reviews } from './tables';
import type { ReviewRow } from './reviews.repo';

/** The provider's answer to a review, or null while there is none. */
export function presentAnswer(
  review: Pick<typeof reviews.$inferSelect, 'answer' | 'answerWrittenAt' | 'answerEditedAt'>,
): z.infer<typeof answerView> | null {
  if (review.answer === null || review.answerWrittenAt === null) return null;
  return {
    text: review.answer,
    written_at: review.answerWrittenAt.toISOString(),
    edited_at: review.answerEditedAt?.toISOString() ?? null,
  };
}

/**
 * A review as everyone sees it: the author's name unless they chose to stay anonymous, the
 * provider's answer under it, and what this viewer may do with it (`allowed_actions`).
 */
export function presentReview(
  { review, authorName }: ReviewRow,
  viewer: Actor | undefined,
  now: Date,
): z.infer<typeof reviewView> {
  return {
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    author_name: review.anonymous || !authorName ? null : authorName,
    created_at: review.createdAt.toISOString(),
    answer: presentAnswer(review),
    allowed_actions: reviewActions(viewer, review, now),
  };
}

/** A page of a provider's reviews with its paging, as GET …/reviews answers (and the server render). */
export function presentReviewPage(
  query: { page: number; limit: number },
  { rows, total }: { rows: ReviewRow[]; total: number },
  viewer: Actor | undefined,
  now = new Date(),
) {
  return {
    reviews: rows.map((row) => presentReview(row, viewer, now)),
    pagination: {
      page: query.page,
      total_pages: Math.max(1, Math.ceil(total / query.limit)),
      total,
    },
  };
}

/** A client's average, to one decimal as people read it ("4.8 ★"). */
const oneDecimal = (average: number | null) =>
  average === null ? null : Math.round(average * 10) / 10;

/** The client's rating for a provider, with the viewer's own review of the client. */
export function presentClientRating({
  rating,
  own,
  actions,
}: {
  rating: { average: number | null; total: number };
  own: typeof clientReviews.$inferSelect | undefined;
  actions: z.infer<typeof clientRatingResponse>['allowed_actions'];
}): z.infer<typeof clientRatingResponse> {
  return {
    client_rating: { average: oneDecimal(rating.average), count: rating.total },
    own_review: own
      ? { rating: own.rating, comment: own.comment, created_at: own.createdAt.toISOString() }
      : null,
    allowed_actions: actions,
  };
}
