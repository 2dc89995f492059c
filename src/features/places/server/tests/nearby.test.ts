import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { placesAround } from '../nearby';
import { placesWithin } from '../places.repo';

let database: TestDatabase;

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
    'finds the places around %s that the GiST index finds, in the same order',
    async (_, id, km) => {
      const inMemory = placesAround(id, km);
      const fromIndex = await placesWithin(database.db, id, km);
      expect(inMemory.map((place) => place.id)).toEqual(fromIndex.map((place) => place.id));
      inMemory.forEach((place, i) =>
        expect(place.distanceKm).toBeCloseTo(fromIndex[i]!.distanceKm, 6),
      );
      expect(inMemory[0]).toEqual({ id, distanceKm: 0 });
    },
  );

  it('puts Košice 31.7 km from Prešov, and knows no place of an unknown id', () => {
    expect(placesAround(723819, 40).find((place) => place.id === 724443)?.distanceKm).toBeCloseTo(
      31.7,
      1,
    );
    expect(placesAround(723819, 25).some((place) => place.id === 724443)).toBe(false);
    expect(placesAround(1, 200)).toEqual([]);
  });
});
