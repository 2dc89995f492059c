import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';
import { workRequests } from '../../requests/server/tables';

/**
 * A verified review: written by the client of a request the provider won, once per request.
 * If the client or the request is later deleted, the review stays, detached and shown as anonymous,
 * so a provider's earned rating does not vanish with someone else's account.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'set null' }),
    workRequestId: uuid('work_request_id')
      .unique('reviews_work_request_key')
      .references(() => workRequests.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    anonymous: boolean('anonymous').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst()),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`char_length(${t.comment}) <= 2000`),
  ],
);
