import { bigint, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ALERT_TYPES } from '../../../shared/statuses';

export const alertTypeEnum = pgEnum('alert_type', ALERT_TYPES);

/**
 * Who did what, when, and with what outcome. Holds ids, never names, emails or secrets,
 * so it can outlive a deleted account (accounts spec §3 "Audit entry").
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').notNull().default('info'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    actorType: text('actor_type'),
    actorId: uuid('actor_id'),
    targetType: text('target_type'),
    targetUserId: uuid('target_user_id'),
    httpRequestId: text('request_id'),
    message: text('message'),
  },
  // The audit list and its export read newest first, (created_at, id) descending, optionally
  // narrowed by one of the filters: each filter has an index in that order, so a page is an index
  // walk that stops after `limit` rows whatever the table's size (docs/admin.md).
  (t) => [
    index('audit_entries_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_entries_action_created_idx').on(
      t.action,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_entries_actor_created_idx').on(
      t.actorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_entries_actor_type_created_idx').on(
      t.actorType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_entries_request_created_idx').on(
      t.httpRequestId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Security and operations alerts shown in the admin console (accounts spec §2 "Alerts tab"). */
export const alerts = pgTable(
  'alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    type: alertTypeEnum('type').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
  },
  (t) => [
    index('alerts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('alerts_type_created_idx').on(
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
