import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';
import { workRequests } from './tables';

/** What a step of a job's end is (docs/requests.md "Completion"). */
export const COMPLETION_STEP_KINDS = ['done', 'problem', 'decision'] as const;
export type CompletionStepKind = (typeof COMPLETION_STEP_KINDS)[number];

export const completionStepKindEnum = pgEnum('completion_step_kind', COMPLETION_STEP_KINDS);

/**
 * The words of a hired job's end, in order: the provider's "done" (an optional note), the client's
 * problem (a reason code and what happened) and an administrator's decision (its outcome and a
 * note to both sides). A request that is reopened and hired again gets new steps after the old.
 */
export const completionSteps = pgTable(
  'completion_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workRequestId: uuid('work_request_id')
      .notNull()
      .references(() => workRequests.id, { onDelete: 'cascade' }),
    kind: completionStepKindEnum('kind').notNull(),
    /** Who wrote it; null once their account is gone (the words stay with the request). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** A problem's reason code, or a decision's outcome; null for "done". */
    reason: text('reason'),
    note: text('note'),
    /**
     * For "done": when both sides were told that the job completes by itself within a day
     * (set once, so the warning is sent once).
     */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('completion_steps_request_created_idx').on(t.workRequestId, t.createdAt),
    check('completion_steps_note_check', sql`char_length(${t.note}) <= 2000`),
  ],
);

/** Photos and files of a step (the provider's proof, the client's evidence). */
export const completionFiles = pgTable(
  'completion_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => completionSteps.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key').unique(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('completion_files_step_idx').on(t.stepId),
    check('completion_files_size_check', sql`${t.sizeBytes} between 1 and 5242880`),
  ],
);
