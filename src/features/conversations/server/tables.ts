import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';
import { workRequests } from '../../requests/server/tables';

/**
 * One thread per request and provider (docs/conversations.md). It goes with either person's
 * account; a deleted request leaves it read-only, with the title it had.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workRequestId: uuid('work_request_id').references(() => workRequests.id, {
      onDelete: 'set null',
    }),
    requestTitle: text('request_title').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote first: a provider's new threads are limited per hour. */
    startedBy: uuid('started_by').notNull(),
    /** The provider withdrew their bid (cleared when they bid again). */
    bidWithdrawn: boolean('bid_withdrawn').notNull().default(false),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message each side has read up to (its time): unread counts and "seen". */
    clientReadAt: timestamp('client_read_at', { withTimezone: true }),
    providerReadAt: timestamp('provider_read_at', { withTimezone: true }),
  },
  (t) => [
    unique('conversations_request_provider_key').on(t.workRequestId, t.providerId),
    index('conversations_client_idx').on(t.clientId, t.lastMessageAt.desc()),
    index('conversations_provider_idx').on(t.providerId, t.lastMessageAt.desc()),
    index('conversations_started_idx').on(t.startedBy, t.createdAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As stored: masked before the hire (`masked` says whether anything was). */
    body: text('body').notNull(),
    masked: boolean('masked').notNull().default(false),
    /** The browser's Idempotency-Key: the same message sent twice is stored once. */
    idempotencyKey: text('idempotency_key'),
    /** The unread reminder (push or mail) went out for it, or was not needed. */
    reminded: boolean('reminded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    unique('messages_sender_idempotency_key').on(t.senderId, t.idempotencyKey),
    index('messages_sender_recent_idx').on(t.senderId, t.createdAt),
    index('messages_unreminded_idx')
      .on(t.createdAt)
      .where(sql`not ${t.reminded}`),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId, t.position)],
);

/** Someone blocked someone: no message either way, in any thread of the two. */
export const conversationBlocks = pgTable(
  'conversation_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('conversation_blocks_blocked_idx').on(t.blockedId),
  ],
);

/** A reported message, copied into its report: the report keeps only what was reported. */
export interface ReportedMessageCopy {
  id: string;
  senderRole: 'client' | 'provider';
  text: string;
  createdAt: string;
  attachments: { id: string; filename: string; mimeType: string; sizeBytes: number }[];
}

/**
 * A thread someone reported, with a copy of its last messages. The people's ids and the thread
 * go when their accounts go; the copy stays until the report is cleaned up (docs/security.md).
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedId: uuid('reported_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note'),
    requestTitle: text('request_title').notNull(),
    messages: jsonb('messages').$type<ReportedMessageCopy[]>().notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conversation_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null`),
    index('conversation_reports_conversation_idx').on(t.conversationId),
    check('conversation_reports_note_length', sql`char_length(${t.note}) <= 1000`),
  ],
);
