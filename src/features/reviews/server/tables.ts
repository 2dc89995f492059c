import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** The reviewed provider's public answer (one per review), shown under it. */
    answer: text('answer'),
    /** When the answer was first written: it may be edited for 48 hours from then. */
    answerWrittenAt: timestamp('answer_written_at', { withTimezone: true }),
    /** When the answer was last edited, if ever. */
    answerEditedAt: timestamp('answer_edited_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst()),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`char_length(${t.comment}) <= 2000`),
    check('reviews_answer_check', sql`char_length(${t.answer}) <= 1000`),
    check(
      'reviews_answer_written_check',
      sql`(${t.answer} is null) = (${t.answerWrittenAt} is null)`,
    ),
  ],
);

/**
 * A verified review of a client, written by the provider they hired, once the job is completed:
 * once per request. The client's rating is shown to providers only (docs/reviews.md). It goes
 * with the client's account; if the provider or the request is deleted, it stays, detached.
 */
export const clientReviews = pgTable(
  'client_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').references(() => users.id, { onDelete: 'set null' }),
    workRequestId: uuid('work_request_id')
      .unique('client_reviews_work_request_key')
      .references(() => workRequests.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_reviews_client_idx').on(t.clientId),
    check('client_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('client_reviews_comment_check', sql`char_length(${t.comment}) <= 1000`),
  ],
);
