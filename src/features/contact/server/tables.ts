import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { languageEnum, users } from '../../accounts/server/tables';

/** Messages sent through the contact form, kept even when mailing support fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: languageEnum('language').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst()),
    check('contact_messages_subject_check', sql`char_length(${t.subject}) between 5 and 200`),
    check('contact_messages_message_check', sql`char_length(${t.message}) between 10 and 2000`),
  ],
);
