import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { providerProfiles, users } from '../../accounts/server/tables';
import { favouriteProviders } from './tables';

/** Keeps the provider; an existing favourite keeps its first date. */
export async function insertFavourite(db: Db | Tx, clientId: string, providerId: string) {
  await db.insert(favouriteProviders).values({ clientId, providerId }).onConflictDoNothing();
  const [row] = await db
    .select({ createdAt: favouriteProviders.createdAt })
    .from(favouriteProviders)
    .where(
      and(eq(favouriteProviders.clientId, clientId), eq(favouriteProviders.providerId, providerId)),
    );
  return row?.createdAt;
}

export async function deleteFavourite(db: Db, clientId: string, providerId: string) {
  await db
    .delete(favouriteProviders)
    .where(
      and(eq(favouriteProviders.clientId, clientId), eq(favouriteProviders.providerId, providerId)),
    );
}

/** Which of these providers the client keeps. */
export async function favouritesAmong(db: Db, clientId: string, providerIds: readonly string[]) {
  if (providerIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ providerId: favouriteProviders.providerId })
    .from(favouriteProviders)
    .where(
      and(
        eq(favouriteProviders.clientId, clientId),
        inArray(favouriteProviders.providerId, [...providerIds]),
      ),
    );
  return new Set(rows.map((row) => row.providerId));
}

/** The client's favourites whose accounts are active, newest first, one page, with their count. */
export async function listFavourites(db: Db, clientId: string, page: number, limit: number) {
  const kept = and(eq(favouriteProviders.clientId, clientId), eq(users.accountStatus, 'active'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        pictureKey: providerProfiles.pictureKey,
        serviceCategory: providerProfiles.serviceCategory,
        savedAt: favouriteProviders.createdAt,
      })
      .from(favouriteProviders)
      .innerJoin(users, eq(users.id, favouriteProviders.providerId))
      .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
      .where(kept)
      .orderBy(desc(favouriteProviders.createdAt), desc(favouriteProviders.providerId))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(favouriteProviders)
      .innerJoin(users, eq(users.id, favouriteProviders.providerId))
      .where(kept),
  ]);
  return { rows, total: total?.total ?? 0 };
}
