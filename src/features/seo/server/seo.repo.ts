import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { activeProvider, providerProfiles, users } from '../../accounts/server/tables';
import { listedRequest, workRequests } from '../../requests/server/tables';

/** A sitemap holds at most 50 000 addresses; each kind gets a share, newest first. */
export const SITEMAP_SHARE = 20_000;

/** Open requests of active clients: what the browse page lists. */
export async function openRequestsForSitemap(db: Db) {
  return db
    .select({ id: workRequests.id, updatedAt: workRequests.updatedAt })
    .from(workRequests)
    .where(listedRequest(workRequests))
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(SITEMAP_SHARE);
}

/** Providers whose page anyone may open: active accounts. */
export async function activeProvidersForSitemap(db: Db) {
  return db
    .select({ id: users.id, updatedAt: users.updatedAt })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(activeProvider)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(SITEMAP_SHARE);
}
