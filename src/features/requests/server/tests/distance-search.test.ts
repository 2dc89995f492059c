import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequest } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import type { Category } from '../../../../shared/categories';
import { workRequests } from '../tables';
import { placesAround } from '../../../places/server';
import { listRequestsAround } from '../search/distance-search';
import { PLACE_BY_PLACE_MAX } from '../../../../server/db/arrays';
import { searchCondition } from '../search/search-condition';

/** GeoNames ids of the test towns (the gazetteer the migration imports). */
const PRESOV = 723819;
const KOSICE = 724443;
const SABINOV = 723674;
const BRATISLAVA = 3060972;

let database: TestDatabase;
let app: App;
const ids: Record<string, string> = {};

interface Listed {
  work_requests: { id: string; title: string; distance_km: number | null }[];
  pagination: { total: number; total_pages: number; total_estimated: boolean };
  near_place: { id: number; name: string } | null;
}
const list = async (query: string) => {
  const answer = await new Agent(app).get(`/api/work-requests?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Listed;
};
const keysOf = (body: Listed) =>
  body.work_requests.map((card) => Object.keys(ids).find((key) => ids[key] === card.id));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db);
  const disabled = await createClient(database.db, { accountStatus: 'disabled' });
  const hour = 60 * 60 * 1000;
  const make = async (
    key: string,
    fields: { title: string; category: Category; placeId: number | null; hoursAgo: number },
    owner = client,
  ) => {
    const request = await createWorkRequest(database.db, owner, {
      title: fields.title,
      description: 'Popis práce, ktorú treba urobiť čoskoro.',
      category: fields.category,
      createdAt: new Date(Date.now() - fields.hoursAgo * hour),
    });
    await database.db
      .update(workRequests)
      .set({ placeId: fields.placeId })
      .where(eq(workRequests.id, request.id));
    ids[key] = request.id;
  };
  // Newest first: Košice, Sabinov, Prešov, Bratislava, no place.
  await make('kosice', {
    title: 'Kvapkajúci kohútik v kuchyni',
    category: 'plumbing',
    placeId: KOSICE,
    hoursAgo: 1,
  });
  await make('sabinov', {
    title: 'Výmena batérie v kúpeľni',
    category: 'plumbing',
    placeId: SABINOV,
    hoursAgo: 2,
  });
  await make('presov', {
    title: 'Nové zásuvky v obývačke',
    category: 'electrical',
    placeId: PRESOV,
    hoursAgo: 3,
  });
  await make('presovPlumbing', {
    title: 'Upchatý odtok vane',
    category: 'plumbing',
    placeId: PRESOV,
    hoursAgo: 4,
  });
  await make('bratislava', {
    title: 'Kohútik v Bratislave',
    category: 'plumbing',
    placeId: BRATISLAVA,
    hoursAgo: 5,
  });
  await make('nowhere', {
    title: 'Kohútik bez miesta',
    category: 'plumbing',
    placeId: null,
    hoursAgo: 6,
  });
  await make(
    'hidden',
    { title: 'Kohútik vypnutého klienta', category: 'plumbing', placeId: PRESOV, hoursAgo: 7 },
    disabled,
  );
  const assigned = await createWorkRequest(database.db, client, { status: 'ASSIGNED' });
  await database.db
    .update(workRequests)
    .set({ placeId: PRESOV })
    .where(eq(workRequests.id, assigned.id));
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('Browse within a distance', () => {
  it('takes a request in Košice into a 40 km search around Prešov and leaves it out at 25 km', async () => {
    const wide = await list(`near=${PRESOV}&radius_km=40`);
    expect(keysOf(wide)).toEqual(['kosice', 'sabinov', 'presov', 'presovPlumbing']);
    const kosice = wide.work_requests.find((card) => card.id === ids.kosice)!;
    // Prešov–Košice is about 32 km as the crow flies.
    expect(kosice.distance_km).toBeGreaterThan(28);
    expect(kosice.distance_km).toBeLessThan(36);

    const narrow = await list(`near=${PRESOV}&radius_km=25`);
    expect(keysOf(narrow)).toEqual(['sabinov', 'presov', 'presovPlumbing']);
    expect(narrow.pagination).toMatchObject({ total: 3, total_estimated: false });
  });

  it('orders nearer requests first with sort=distance, newest first within a place', async () => {
    const body = await list(`near=${PRESOV}&radius_km=40&sort=distance`);
    expect(keysOf(body)).toEqual(['presov', 'presovPlumbing', 'sabinov', 'kosice']);
    const distances = body.work_requests.map((card) => card.distance_km!);
    expect(distances[0]).toBe(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // One decimal of a kilometre.
    expect(distances.every((km) => Math.round(km * 10) === km * 10)).toBe(true);
  });

  it('pages through a search by distance', async () => {
    const second = await list(`near=${PRESOV}&radius_km=40&sort=distance&limit=2&page=2`);
    expect(keysOf(second)).toEqual(['sabinov', 'kosice']);
    expect(second.pagination).toMatchObject({ total: 4, total_pages: 2 });
  });

  it('combines the place with words and a category', async () => {
    const words = await list(`near=${PRESOV}&radius_km=40&q=kohutik&sort=distance`);
    expect(keysOf(words)).toEqual(['kosice']);
    const category = await list(`near=${PRESOV}&radius_km=25&category=plumbing`);
    expect(keysOf(category)).toEqual(['sabinov', 'presovPlumbing']);
    const both = await list(`near=${KOSICE}&radius_km=200&category=plumbing&q=kohutik`);
    expect(keysOf(both)).toEqual(['kosice']);
  });

  it('names the place searched around and leaves out requests without a place', async () => {
    const body = await list(`near=${PRESOV}&radius_km=200`);
    expect(body.near_place).toMatchObject({ id: PRESOV, name: 'Prešov' });
    expect(keysOf(body)).not.toContain('nowhere');
    expect(keysOf(body)).not.toContain('hidden');
    // A page of one is full: its total is counted, place by place among the 259 within 200 km.
    const first = await list(`near=${PRESOV}&radius_km=200&limit=1`);
    expect(first.pagination).toMatchObject({
      total: body.work_requests.length,
      total_estimated: false,
    });
  });

  it('reads a page newest first alike among a few places and among many, full or not', async () => {
    // Within 40 km of Bratislava a page reads each place's newest; within 200 km, more places
    // than that, the category's newest are looked through first and a page not filled there is
    // read again as PostgreSQL weighs the places (distance-search.ts).
    expect(placesAround(BRATISLAVA, 40).length).toBeLessThanOrEqual(PLACE_BY_PLACE_MAX);
    expect(placesAround(BRATISLAVA, 200).length).toBeGreaterThan(PLACE_BY_PLACE_MAX);
    const [, ...nearby] = placesAround(BRATISLAVA, 40);
    const client = await createClient(database.db);
    const keys = ['west1', 'west2', 'west3', 'east'];
    for (const [index, key] of keys.entries()) {
      const request = await createWorkRequest(database.db, client, {
        title: `Nová kuchynská linka ${index + 1}`,
        description: 'Kuchynská linka na mieru do nového bytu.',
        category: 'carpentry',
        createdAt: new Date(Date.now() - (10 + index) * 60 * 60 * 1000),
      });
      // The first two in one place: a place's newest are read as far as the page reaches.
      const placeId = key === 'east' ? KOSICE : nearby[index === 1 ? 0 : index * 3]!.id;
      await database.db
        .update(workRequests)
        .set({ placeId })
        .where(eq(workRequests.id, request.id));
      ids[key] = request.id;
    }
    // Where the newest requests do not hold the page (a window of two here, 3 000 in service),
    // it is read again as PostgreSQL weighs the places.
    const within = placesAround(BRATISLAVA, 200);
    const read = (limit: number, offset: number) =>
      listRequestsAround(
        database.db,
        searchCondition(undefined, 'carpentry'),
        { ids: within.map((place) => place.id), kmTo: () => 0 },
        { sort: 'newest', limit, offset, upTo: 1_001, words: false, windowRows: 2 },
      );
    const keysOfRows = ({ rows }: Awaited<ReturnType<typeof read>>) =>
      rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id));
    expect(keysOfRows(await read(2, 0))).toEqual(['west1', 'west2']);
    expect(keysOfRows(await read(3, 0))).toEqual(['west1', 'west2', 'west3']);
    expect(keysOfRows(await read(2, 1))).toEqual(['west2', 'west3']);
    for (const km of [40, 200]) {
      const around = `near=${BRATISLAVA}&radius_km=${km}&category=carpentry`;
      expect(keysOf(await list(`${around}&limit=5`))).toEqual(['west1', 'west2', 'west3']);
      const first = await list(`${around}&limit=2`);
      expect(keysOf(first)).toEqual(['west1', 'west2']);
      expect(first.pagination).toMatchObject({ total: 3, total_pages: 2 });
      expect(keysOf(await list(`${around}&limit=2&page=2`))).toEqual(['west3']);
      expect(keysOf(await list(`${around}&limit=1&page=3`))).toEqual(['west3']);
    }
  });

  it('gives no distance outside a distance search', async () => {
    const body = await list('category=plumbing');
    expect(keysOf(body)).toContain('nowhere');
    expect(body.work_requests.every((card) => card.distance_km === null)).toBe(true);
    expect(body.near_place).toBeNull();
  });

  it.each([
    [`near=${PRESOV}&radius_km=4`, 'validation_failed'],
    [`near=${PRESOV}&radius_km=201`, 'validation_failed'],
    [`near=${PRESOV}&radius_km=abc`, 'validation_failed'],
    [`near=0&radius_km=30`, 'validation_failed'],
    [`near=999999999&radius_km=30`, 'unknown_place'],
    ['radius_km=30', 'near_required'],
    ['sort=distance', 'near_required'],
    [`near=${PRESOV}&sort=farthest`, 'validation_failed'],
  ])('refuses %s with %s', async (query, code) => {
    const answer = await new Agent(app).get(`/api/work-requests?${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe(code);
  });
});
