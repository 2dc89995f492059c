import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/types';
import { places } from './tables';

export type PlaceRow = typeof places.$inferSelect;

export async function findPlace(db: Db, id: number): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(places).where(eq(places.id, id));
  return row;
}

export async function findPlaces(db: Db, ids: readonly number[]): Promise<Map<number, PlaceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(places)
    .where(inArray(places.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
