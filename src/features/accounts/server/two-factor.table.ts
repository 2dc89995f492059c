import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from './accounts.table';

/**
 * An account's authenticator (docs/security.md, "Two-factor sign-in"). The TOTP secret is kept
 * encrypted (AES-256-GCM, key derived from SESSION_SECRET) and never sent again after the
 * enrolment started. `enabled_at` is null while the enrolment waits for its first code.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: that code and older ones are refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes: a salted SHA-256 of each, never the code; `used_at` once spent. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('two_factor_recovery_codes_user_idx')
      .on(t.userId)
      .where(sql`${t.usedAt} is null`),
  ],
);
