import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';
import {
  VERIFICATION_KINDS,
  VERIFICATION_STATUSES,
  type RejectionReason,
} from '../verifications.rules';

export const verificationKindEnum = pgEnum('verification_kind', VERIFICATION_KINDS);
export const verificationStatusEnum = pgEnum('verification_status', VERIFICATION_STATUSES);

/**
 * A provider's document for a check (docs/verifications.md): a trade-register extract or a
 * liability-insurance certificate, private to the provider and administrators. Pending until an
 * administrator approves it (with the date the check holds until) or rejects it (with a reason).
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: verificationKindEnum('kind').notNull(),
    status: verificationStatusEnum('status').notNull().default('pending'),
    storageKey: text('storage_key').notNull().unique(),
    /** The uploader's file name, cleaned; display text only. */
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The expiry date the provider entered (insurance: required). */
    claimedUntil: date('claimed_until', { mode: 'string' }),
    /** The date the check holds until, set by the administrator who approved it. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Why it was rejected (verifications.rules.ts `REJECTION_REASONS`), read in the provider's language. */
    reason: text('reason').$type<RejectionReason>(),
    /** The administrator's note beside the reason, shown to the provider as written. */
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the provider was told the check lapses in 30 days, and when that it lapsed (once each). */
    expiringNoticeAt: timestamp('expiring_notice_at', { withTimezone: true }),
    expiredNoticeAt: timestamp('expired_notice_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_documents_provider_idx').on(t.providerId, t.kind),
    // The console's queue, oldest first.
    index('verification_documents_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The expiry job's approvals by date.
    index('verification_documents_approved_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'approved'`),
    check('verification_documents_size_check', sql`${t.sizeBytes} between 1 and 5242880`),
    check(
      'verification_documents_approved_check',
      sql`${t.status} <> 'approved' or ${t.expiresOn} is not null`,
    ),
  ],
);

/** A provider's approval as `approvalsOfProvider` reads it: what the badges are computed from. */
export interface ApprovalJson {
  kind: 'trade_register' | 'insurance';
  expires_on: string;
  decided_at: string;
}

/**
 * A column of a provider's approvals (a JSON array, empty when none), for any query that shows
 * providers: their badges come in the same query, however many providers it lists, and the
 * rules compute them at the time of the answer (`badgesFromApprovals`, verifications.rules.ts).
 */
export const approvalsOfProvider = (providerId: AnyPgColumn | SQL) =>
  sql<
    ApprovalJson[]
  >`coalesce((select json_agg(json_build_object('kind', vd.kind, 'expires_on', vd.expires_on, 'decided_at', vd.decided_at)) from ${verificationDocuments} vd where vd.provider_id = ${providerId} and vd.status = 'approved'), '[]'::json)`;
