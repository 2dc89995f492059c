import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/types';
import { providerProfiles, users } from '../../accounts/server/tables';
import { workPhotos } from './tables';

/** A provider's photos of past work, first shown first. */
export function listWorkPhotos(db: Db | Tx, providerId: string) {
  return db
    .select()
    .from(workPhotos)
    .where(eq(workPhotos.providerId, providerId))
    .orderBy(asc(workPhotos.position), asc(workPhotos.createdAt));
}

export type WorkPhotoRow = Awaited<ReturnType<typeof listWorkPhotos>>[number];

/**
 * Holds the provider's profile row until the transaction ends: two uploads, or an upload and a
 * new order, of one provider wait for each other (the 24 limit and the positions hold).
 */
export async function lockProviderPhotos(tx: Tx, providerId: string) {
  const [row] = await tx
    .select({ id: providerProfiles.userId })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId))
    .for('update');
  return row !== undefined;
}

export async function insertWorkPhoto(
  tx: Tx,
  photo: Omit<typeof workPhotos.$inferInsert, 'id' | 'createdAt'>,
) {
  const [row] = await tx.insert(workPhotos).values(photo).returning({ id: workPhotos.id });
  return row!.id;
}

export async function setCaption(tx: Db | Tx, providerId: string, id: string, caption: string) {
  const rows = await tx
    .update(workPhotos)
    .set({ caption })
    .where(and(eq(workPhotos.id, id), eq(workPhotos.providerId, providerId)))
    .returning({ id: workPhotos.id });
  return rows.length > 0;
}

export async function setPosition(tx: Tx, id: string, position: number) {
  await tx.update(workPhotos).set({ position }).where(eq(workPhotos.id, id));
}

/** Removes the provider's photo; answers its stored file's key, or undefined if none was theirs. */
export async function deleteWorkPhoto(tx: Tx, providerId: string, id: string) {
  const [row] = await tx
    .delete(workPhotos)
    .where(and(eq(workPhotos.id, id), eq(workPhotos.providerId, providerId)))
    .returning({ key: workPhotos.storageKey });
  return row?.key;
}

/** One photo with its provider's account status, for the public read. */
export async function findWorkPhoto(db: Db, providerId: string, id: string) {
  const [row] = await db
    .select({ key: workPhotos.storageKey, accountStatus: users.accountStatus })
    .from(workPhotos)
    .innerJoin(users, eq(users.id, workPhotos.providerId))
    .where(and(eq(workPhotos.id, id), eq(workPhotos.providerId, providerId)));
  return row;
}

/** Every stored file of a provider's photos (their account is going). */
export async function workPhotoKeys(db: Db | Tx, providerId: string) {
  const rows = await db
    .select({ key: workPhotos.storageKey })
    .from(workPhotos)
    .where(eq(workPhotos.providerId, providerId));
  return rows.map((row) => row.key);
}
