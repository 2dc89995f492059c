import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';

/**
 * Photos of a provider's past work on their page (docs/work-photos.md): at most 24, in the order
 * the provider chose (`position`, 0 first), each re-encoded to WebP with no metadata. The bytes
 * under a photo's id never change: a caption is edited in place, a new picture is a new photo.
 */
export const workPhotos = pgTable(
  'work_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    caption: text('caption').notNull(),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_photos_provider_position_idx').on(t.providerId, t.position),
    check('work_photos_caption_check', sql`char_length(${t.caption}) between 1 and 200`),
  ],
);

/**
 * A provider's figures as their page and the directory show them, recomputed when something
 * they count changes and once a day (the 90-day window slides), never on a page view
 * (src/server/workflows/refresh-provider-stats.ts).
 */
export const providerStats = pgTable('provider_stats', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The median of the answers of the last 90 days, in seconds; null without any. */
  medianAnswerSeconds: integer('median_answer_seconds'),
  /** How many requests the provider answered (bid or wrote) in the last 90 days. */
  answeredCount: integer('answered_count').notNull().default(0),
  completedJobs: integer('completed_jobs').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/**
 * The providers a client keeps as favourites (docs/invitations.md "Favourites"): once each,
 * newest first in My profile. Either account's deletion takes the row with it.
 */
export const favouriteProviders = pgTable(
  'favourite_providers',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favourite_providers_pkey', columns: [t.clientId, t.providerId] }),
    index('favourite_providers_client_created_idx').on(t.clientId, t.createdAt.desc()),
    index('favourite_providers_provider_idx').on(t.providerId),
  ],
);
