import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/accounts.table';
import { BID_STATUSES } from '../../../shared/statuses';
import { workRequests } from '../../requests/server/requests.table';

export const bidStatusEnum = pgEnum('bid_status', BID_STATUSES);

/** Largest bid the platform takes: one million euros, in cents. */
export const MAX_BID_CENTS = 100_000_000;

/** A provider's priced answer to a request: one per provider and request (spec core §1). */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workRequestId: uuid('work_request_id')
      .notNull()
      .references(() => workRequests.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Euro cents. */
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: bidStatusEnum('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bids_work_request_provider_key').on(t.workRequestId, t.providerId),
    index('bids_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst()),
    check('bids_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 100000000`),
    check('bids_description_check', sql`char_length(${t.description}) between 10 and 1000`),
  ],
);
