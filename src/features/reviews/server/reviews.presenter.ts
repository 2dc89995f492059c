import type { z } from 'zod';
import type { reviewView } from '../reviews.schema';
import type { ReviewRow } from './reviews.repo';

/** A review as everyone sees it: the author's name unless they chose to stay anonymous. */
export function presentReview({ review, authorName }: ReviewRow): z.infer<typeof reviewView> {
  return {
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    author_name: review.anonymous || !authorName ? null : authorName,
    created_at: review.createdAt.toISOString(),
  };
}

/** A page of a provider's reviews with its paging, as GET …/reviews answers (and the server render). */
export function presentReviewPage(
  query: { page: number; limit: number },
  { rows, total }: { rows: ReviewRow[]; total: number },
) {
  return {
    reviews: rows.map(presentReview),
    pagination: {
      page: query.page,
      total_pages: Math.max(1, Math.ceil(total / query.limit)),
      total,
    },
  };
}
