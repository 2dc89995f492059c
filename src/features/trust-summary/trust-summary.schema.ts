import { z } from 'zod';
import { LANGUAGES } from '../../shared/languages';

/** POST /api/providers/:id/trust-summary: the language the paragraph is written in. */
export const trustSummaryBody = z.object({
  language: z.enum(LANGUAGES, { message: 'language_invalid' }),
});
export type TrustSummaryInput = z.infer<typeof trustSummaryBody>;

/** One web page the model grounded its paragraph in: an http(s) address and a title. */
export const trustSummarySource = z.object({ url: z.string(), title: z.string() });
export type TrustSummarySource = z.infer<typeof trustSummarySource>;

/**
 * An AI trust summary (spec core §3 "AI summary result"): the web's view in one paragraph with its
 * sources, and apart from it what the platform itself knows (`facts`).
 */
export const trustSummary = z.object({
  statement: z.string(),
  sources: z.array(trustSummarySource),
  facts: z.object({
    average_rating: z.number().nullable(),
    review_count: z.number().int(),
    completed_jobs: z.number().int(),
    member_since: z.string(),
  }),
  generated_at: z.string(),
});
export type TrustSummary = z.infer<typeof trustSummary>;
