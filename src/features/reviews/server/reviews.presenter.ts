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
