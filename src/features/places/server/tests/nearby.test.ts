import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { sql } from 'drizzle-orm';
import { distanceKmBetween, placesAround } from '../nearby';
import { earthOf, places } from '../tables';

const BRATISLAVA_ID = 3060972;

let database: TestDatabase;

/** PostgreSQL's own answer (`earthdistance`): the places within the radius, nearest first. */
async function placesWithin(placeId: number, radiusKm: number) {
  const metres = radiusKm * 1000;
  const centre = earthOf(sql`c.lat`, sql`c.lon`);
  const point = earthOf(places.lat, places.lon);
  const found = await database.db.execute<{ id: number; distanceKm: number }>(sql`
    select ${places.id} as id, earth_distance(${centre}, ${point}) / 1000 as "distanceKm"
      from ${places}, (select lat, lon from ${places} where id = ${placeId}) c
     where earth_distance(${centre}, ${point}) <= ${metres}
     order by 2, 1`);
  return found.rows;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

describe('placesAround', () => {
  it.each([
    ['Prešov', 723819, 40],
    ['Bratislava', 3060972, 200],
    ['Sabinov', 723674, 5],
    ['Kyjiv', 703448, 100],
  ])(
    'finds the places around %s that PostgreSQL’s earthdistance finds, in the same order',
    async (_, id, km) => {
      const inMemory = placesAround(id, km);
      const fromIndex = await placesWithin(id, km);
      expect(inMemory.map((place) => place.id)).toEqual(fromIndex.map((place) => place.id));
      inMemory.forEach((place, i) =>
        expect(place.distanceKm).toBeCloseTo(fromIndex[i]!.distanceKm, 6),
      );
      expect(inMemory[0]).toEqual({ id, distanceKm: 0 });
    },
  );

  it('finds what earthdistance finds around places all over the gazetteer, at radii of 5–200 km', async () => {
    const radii = [5, 10, 20, 30, 40, 50, 100, 200];
    // Every 97th place (north and south, east and west of the three countries) at each radius
    // a search offers (requests.schema.ts): the bands of latitude and longitude passed over leave none out.
    const centres = await database.db.execute<{ id: number }>(
      sql`select id from ${places} where id % 97 = 0 order by id limit 40`,
    );
    expect(centres.rows.length).toBeGreaterThan(20);
    for (const [index, { id }] of centres.rows.entries()) {
      const km = radii[index % radii.length]!;
      const fromIndex = await placesWithin(id, km);
      expect(placesAround(id, km).map((place) => place.id)).toEqual(
        fromIndex.map((place) => place.id),
      );
    }
  });

  it('gives each place its distance alone, and the same places in no order when asked', () => {
    const around = placesAround(BRATISLAVA_ID, 100);
    const unordered = placesAround(BRATISLAVA_ID, 100, { nearestFirst: false });
    expect([...unordered].sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)).toEqual(
      around,
    );
    expect(unordered.map((place) => place.id)).not.toEqual(around.map((place) => place.id));
    for (const { id, distanceKm } of around) {
      expect(distanceKmBetween(BRATISLAVA_ID, id)).toBe(distanceKm);
    }
    expect(distanceKmBetween(723819, 724443)).toBeCloseTo(31.7, 1);
    expect(distanceKmBetween(723819, 1)).toBeUndefined();
  });

  it('puts Košice 31.7 km from Prešov, and knows no place of an unknown id', () => {
    expect(placesAround(723819, 40).find((place) => place.id === 724443)?.distanceKm).toBeCloseTo(
      31.7,
      1,
    );
    expect(placesAround(723819, 25).some((place) => place.id === 724443)).toBe(false);
    expect(placesAround(1, 200)).toEqual([]);
  });
});
