import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/types';
import { earthOf, places } from './tables';

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

/**
 * The places within `radiusKm` of a place, nearest first, with their distance in km: the
 * earth box of the GiST index, then the exact great-circle distance.
 */
export async function placesWithin(
  db: Db,
  placeId: number,
  radiusKm: number,
): Promise<{ id: number; distanceKm: number }[]> {
  const metres = radiusKm * 1000;
  const centre = earthOf(sql`c.lat`, sql`c.lon`);
  const point = earthOf(places.lat, places.lon);
  const found = await db.execute<{ id: number; distanceKm: number }>(sql`
    select ${places.id} as id, earth_distance(${centre}, ${point}) / 1000 as "distanceKm"
      from ${places}, (select lat, lon from ${places} where id = ${placeId}) c
     where earth_box(${centre}, ${metres}) @> ${point}
       and earth_distance(${centre}, ${point}) <= ${metres}
     order by 2, 1`);
  return found.rows;
}
