import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { users } from '../../accounts/server/tables';

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
