import { z } from 'zod';
import { optional } from '../../shared/validation';
import { CLIENT_RATING_ACTIONS, REVIEW_ACTIONS } from './reviews.rules';

/** A star rating, 1 to 5. */
const stars = z
  .number({ message: 'rating_required' })
  .int({ message: 'rating_required' })
  .min(1, { message: 'rating_required' })
  .max(5, { message: 'rating_required' });

/** A verified review of a hired provider (spec core §2 "Provider details"). */
export const reviewBody = z.object({
  work_request_id: z.uuid({ message: 'request_not_found' }),
  rating: stars,
  comment: optional(z.string().trim().max(2000, { message: 'too_long' })),
  anonymous: z.boolean().default(false),
});

/** The hired provider's review of the client of a completed job: stars and a short text. */
export const clientReviewBody = z.object({
  rating: stars,
  comment: optional(z.string().trim().max(1000, { message: 'too_long' })),
});

/** The reviewed provider's public answer to a review (written once, editable for 48 hours). */
export const answerBody = z.object({
  text: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(1000, { message: 'too_long' }),
});

export const answerView = z.object({
  text: z.string(),
  written_at: z.string(),
  /** Null unless the provider edited it. */
  edited_at: z.string().nullable(),
});

export const reviewView = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** Null for an anonymous review: the browser shows its default anonymous name. */
  author_name: z.string().nullable(),
  created_at: z.string(),
  /** The provider's answer, shown under the review; null while there is none. */
  answer: answerView.nullable(),
  /** `answer`, `edit_answer`: for the reviewed provider (reviews.rules.ts `reviewActions`). */
  allowed_actions: z.array(z.enum(REVIEW_ACTIONS)),
});

/**
 * A client's rating as providers see it on a request's page and its bid form
 * (`GET /api/work-requests/:id/client-rating`), with the viewer's own review of the client.
 */
export const clientRatingResponse = z.object({
  client_rating: z.object({
    /** One decimal; null while nobody has reviewed the client. */
    average: z.number().nullable(),
    count: z.number().int(),
  }),
  /** The viewer's review of this request's client, once written. */
  own_review: z
    .object({ rating: z.number().int(), comment: z.string().nullable(), created_at: z.string() })
    .nullable(),
  /** `review_client`: the hired provider of the completed job, before reviewing the client. */
  allowed_actions: z.array(z.enum(CLIENT_RATING_ACTIONS)),
});

export const reviewsResponse = z.object({
  reviews: z.array(reviewView),
  pagination: z.object({
    page: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});
