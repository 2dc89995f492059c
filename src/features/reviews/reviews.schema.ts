import { z } from 'zod';
import { optional } from '../../shared/validation';

/** A verified review of a hired provider (spec core §2 "Provider details"). */
export const reviewBody = z.object({
  work_request_id: z.uuid({ message: 'request_not_found' }),
  rating: z
    .number({ message: 'rating_required' })
    .int({ message: 'rating_required' })
    .min(1, { message: 'rating_required' })
    .max(5, { message: 'rating_required' }),
  comment: optional(z.string().trim().max(2000, { message: 'too_long' })),
  anonymous: z.boolean().default(false),
});

export const reviewView = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** Null for an anonymous review: the browser shows its default anonymous name. */
  author_name: z.string().nullable(),
  created_at: z.string(),
});

export const reviewsResponse = z.object({
  reviews: z.array(reviewView),
  pagination: z.object({
    page: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});
