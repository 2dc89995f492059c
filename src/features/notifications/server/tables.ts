import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';
import { workRequests } from '../../requests/server/tables';

/**
 * A person's inbox. The id grows with every row, so a live stream resumes after `Last-Event-ID`
 * by reading the rows above it. `data` holds only what the reader may see; the row goes with its
 * reader's account.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The page it concerns, as a path of this site ("/request/…"), or null. */
    link: text('link'),
    /**
     * The request it is about, while the reader may still open it: the notification goes with
     * the request (docs/notifications.md "Kinds"). Null for kinds about no request, and for
     * `request_deleted`, which outlives its request with the title alone.
     */
    workRequestId: uuid('work_request_id').references(() => workRequests.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_newest_idx').on(table.userId, table.id.desc()),
    index('notifications_work_request_idx')
      .on(table.workRequestId)
      .where(sql`${table.workRequestId} is not null`),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    check('notifications_link_is_path', sql`${table.link} is null or ${table.link} ~ '^/[^/]'`),
  ],
);

/** A person's choice of channel per type; a missing row means both channels are on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** A browser on a device that gets push: where to send (RFC 8030) and its keys (RFC 8291). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser and system as its User-Agent named them, for the list of devices. */
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);
