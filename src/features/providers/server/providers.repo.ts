import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { providerProfiles, users } from '../../accounts/server/tables';
import { places } from '../../places/server/tables';
import { approvalsOfProvider } from '../../verifications/server/tables';

/** A provider with their profile and the town they work from. */
export async function findProvider(db: Db, id: string) {
  const [row] = await db
    .select({
      user: users,
      profile: providerProfiles,
      place: places,
      approvals: approvalsOfProvider(users.id),
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(places, eq(places.id, providerProfiles.placeId))
    .where(and(eq(users.id, id), eq(users.role, 'provider')));
  return row;
}

export type ProviderRow = NonNullable<Awaited<ReturnType<typeof findProvider>>>;

export async function findPicture(db: Db, providerId: string) {
  const [row] = await db
    .select({ key: providerProfiles.pictureKey, accountStatus: users.accountStatus })
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(eq(providerProfiles.userId, providerId));
  return row;
}
