import { z } from 'zod';

/** A count, or null when it is below the smallest the home page shows (home.rules.ts). */
const figure = z.number().int().min(0).nullable();

/** The home page's figures, counted from the database (GET /api/stats/home). */
export const homeStats = z.object({
  /** Open requests, listed in browse, posted in the last 7 days. */
  open_requests_this_week: figure,
  /** Provider accounts that are active. */
  providers: figure,
  /** Reviews shown on an active provider's page. */
  reviews: figure,
});
export type HomeStats = z.infer<typeof homeStats>;
