import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/server/tables';
import { workRequests } from './tables';

/**
 * A client's invitation of a provider to bid on one of their open requests (docs/invitations.md):
 * once per provider and request, at most MAX_INVITATIONS_PER_REQUEST a request
 * (invitations.rules.ts). It goes with the request, and with the provider's account.
 */
export const requestInvitations = pgTable(
  'request_invitations',
  {
    workRequestId: uuid('work_request_id')
      .notNull()
      .references(() => workRequests.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'request_invitations_pkey', columns: [t.workRequestId, t.providerId] }),
    index('request_invitations_provider_idx').on(t.providerId),
  ],
);
