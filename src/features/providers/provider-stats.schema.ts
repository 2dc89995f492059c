import { z } from 'zod';

/** "Usually answers within N hours/days" (provider-stats.rules.ts); null says nothing yet. */
export const answerTimeView = z
  .object({ unit: z.enum(['hours', 'days']), count: z.number().int().min(1) })
  .nullable();
