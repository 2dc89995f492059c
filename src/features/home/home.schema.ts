import { z } from 'zod';

/** The home page's figures, counted from the database (GET /api/stats/home). */
export const homeStats = z.object({
  /** Open requests, listed in browse, posted in the last 7 days. */
  open_requests_this_week: z.number().int().min(0),
  /** Provider accounts that are active. */
  providers: z.number().int().min(0),
  /** Reviews shown on an active provider's page. */
  reviews: z.number().int().min(0),
});
export type HomeStats = z.infer<typeof homeStats>;
