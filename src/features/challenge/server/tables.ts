import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Security-challenge tokens already answered: single use across every instance. */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
);
