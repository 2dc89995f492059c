import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createProvider, createWorkRequest } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import { providerProfiles, users } from '../../../accounts/server/tables';
import { bids, workRequests } from '../../../requests/server/tables';
import { reviews } from '../../../reviews/server/tables';
import { providerStats } from '../tables';
import { listDirectory } from '../directory.repo';
import { placesAround } from '../../../places/server';
import type { Category } from '../../../../shared/categories';
import csCategories from '../../../../locales/cs/categories.json';
import csDirectory from '../../../../locales/cs/directory.json';
import skCategories from '../../../../locales/sk/categories.json';
import skDirectory from '../../../../locales/sk/directory.json';

const SITE = 'https://majstri.example';
/** GeoNames ids of the test towns (the gazetteer the migration imports). */
const PRESOV = 723819;
const KYIV = 703448;
const KOSICE = 724443;
const SABINOV = 723674;
const BRATISLAVA = 3060972;

let database: TestDatabase;
let app: App;
let clientDir: string;
const ids: Record<string, string> = {};
/** Every provider's contact email, phone and website: none may reach the directory. */
const contacts: string[] = [];

interface Directory {
  providers: {
    id: string;
    name: string;
    average_rating: number | null;
    review_count: number;
    completed_jobs: number;
    service_categories: string[];
    place: { id: number; name: string } | null;
    distance_km: number | null;
  }[];
  pagination: { total: number; total_pages: number };
  near_place: { id: number; name: string } | null;
}
const directory = async (query: string) => {
  const answer = await new Agent(app).get(`/api/providers?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  for (const contact of contacts) expect(answer.body).not.toContain(contact);
  return answer.json() as Directory;
};
const keysOf = (body: Directory) =>
  body.providers.map((entry) => Object.keys(ids).find((key) => ids[key] === entry.id));

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-directory-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="sk">\n  <head>\n    <title>Majstri</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  app = await buildApp({ db: database.db, publicUrl: `${SITE}/`, clientDir });
  const make = async (
    key: string,
    fields: { category: Category; placeId: number | null; also?: Category[]; disabled?: boolean },
  ) => {
    const provider = await createProvider(database.db, {
      name: `Majster ${key}`,
      category: fields.category,
    });
    const website = `https://${key.toLowerCase()}-majster.example`;
    const phone = `+421 905 ${String(100_000 + Object.keys(ids).length).slice(0, 3)} ${key.length}77`;
    await database.db
      .update(providerProfiles)
      .set({
        placeId: fields.placeId,
        serviceCategories: fields.also ?? [],
        contactPhone: phone,
        website,
      })
      .where(eq(providerProfiles.userId, provider.id));
    if (fields.disabled) {
      await database.db
        .update(users)
        .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
        .where(eq(users.id, provider.id));
    }
    contacts.push(provider.email, phone, website);
    ids[key] = provider.id;
    return provider;
  };
  await make('presov', { category: 'plumbing', placeId: PRESOV });
  await make('sabinov', { category: 'plumbing', placeId: SABINOV });
  await make('kosice', { category: 'heating_gas_sanitary', placeId: KOSICE, also: ['plumbing'] });
  await make('bratislava', { category: 'plumbing', placeId: BRATISLAVA });
  await make('electrician', { category: 'electrical', placeId: PRESOV });
  await make('nowhere', { category: 'plumbing', placeId: null });
  await make('disabled', { category: 'plumbing', placeId: PRESOV, disabled: true });

  // Sabinov's provider is rated best (5, 5), Košice's next (4); Sabinov finished a job.
  const client = await createClient(database.db);
  const job = await createWorkRequest(database.db, client, { status: 'COMPLETED' });
  const [bid] = await database.db
    .insert(bids)
    .values({
      workRequestId: job.id,
      providerId: ids.sabinov!,
      amountCents: 12_000,
      description: 'Výmena batérie vrátane materiálu.',
      status: 'ACCEPTED',
    })
    .returning();
  await database.db
    .update(workRequests)
    .set({ acceptedBidId: bid!.id })
    .where(eq(workRequests.id, job.id));
  // The figure as the refresh stores it when the job completes (workflows/refresh-provider-stats).
  await database.db
    .insert(providerStats)
    .values({ providerId: ids.sabinov!, completedJobs: 1, computedAt: new Date() })
    .onConflictDoUpdate({ target: providerStats.providerId, set: { completedJobs: 1 } });
  await database.db.insert(reviews).values([
    { providerId: ids.sabinov!, rating: 5 },
    { providerId: ids.sabinov!, rating: 5 },
    { providerId: ids.kosice!, rating: 4 },
  ]);
});

afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /api/providers', () => {
  it('lists the providers of a trade within the radius, nearest first, with their distance', async () => {
    const body = await directory(`category=plumbing&near=${PRESOV}&radius_km=40`);
    // Košice's provider is in plumbing by a further trade; Bratislava is 300 km away.
    expect(keysOf(body)).toEqual(['presov', 'sabinov', 'kosice']);
    const [presov, sabinov, kosice] = body.providers;
    expect(presov).toMatchObject({ distance_km: 0, place: { id: PRESOV, name: 'Prešov' } });
    expect(sabinov!.distance_km).toBeGreaterThan(5);
    expect(kosice!.distance_km).toBeGreaterThan(28);
    expect(kosice!.distance_km).toBeLessThan(36);
    expect(kosice!.service_categories).toEqual(['plumbing']);
    expect(body.near_place).toMatchObject({ id: PRESOV, name: 'Prešov' });
    expect(body.pagination).toMatchObject({ total: 3, total_pages: 1 });
  });

  it('leaves Košice out at 25 km', async () => {
    const body = await directory(`category=plumbing&near=${PRESOV}&radius_km=25`);
    expect(keysOf(body)).toEqual(['presov', 'sabinov']);
  });

  it('orders by rating on request, with reviews and finished jobs', async () => {
    const body = await directory(`category=plumbing&near=${PRESOV}&radius_km=40&sort=rating`);
    expect(keysOf(body)).toEqual(['sabinov', 'kosice', 'presov']);
    expect(body.providers[0]).toMatchObject({
      average_rating: 5,
      review_count: 2,
      completed_jobs: 1,
    });
    expect(body.providers[2]).toMatchObject({ average_rating: null, review_count: 0 });
  });

  it('pages by rating: a full page from the walk down the ratings, the rest after it', async () => {
    const first = await directory(
      `category=plumbing&near=${PRESOV}&radius_km=40&sort=rating&limit=2`,
    );
    expect(keysOf(first)).toEqual(['sabinov', 'kosice']);
    expect(first.pagination).toMatchObject({ total: 3, total_pages: 2 });
    // The walk stops at the page's last match: the best one for a page of one.
    const best = await directory(
      `category=plumbing&near=${PRESOV}&radius_km=40&sort=rating&limit=1`,
    );
    expect(keysOf(best)).toEqual(['sabinov']);
    const second = await directory(
      `category=plumbing&near=${PRESOV}&radius_km=40&sort=rating&limit=2&page=2`,
    );
    expect(keysOf(second)).toEqual(['presov']);
    // Košice lies beyond 25 km: the walk passes it by.
    const nearer = await directory(
      `category=plumbing&near=${PRESOV}&radius_km=25&sort=rating&limit=2`,
    );
    expect(keysOf(nearer)).toEqual(['sabinov', 'presov']);
    expect(nearer.pagination).toMatchObject({ total: 2 });
    // 259 places within 200 km of Prešov, counted as a list of places (directory.repo.ts);
    // Bratislava, 300 km away, is not among them.
    const wide = await directory(`category=plumbing&near=${PRESOV}&radius_km=200&limit=1`);
    expect(keysOf(wide)).toEqual(['presov']);
    expect(wide.pagination).toMatchObject({ total: 3, total_pages: 3 });
  });

  it('reads and counts the few past a short walk down the ratings in one go', async () => {
    const around = [PRESOV, SABINOV, KOSICE];
    const page = (walkWindow?: number, fewAtMost = 2) =>
      listDirectory(database.db, {
        category: 'plumbing',
        placeIds: around,
        sort: 'rating',
        limit: 2,
        offset: 0,
        upTo: 101,
        fewAtMost,
        ...(walkWindow ? { walkWindow } : {}),
      });
    // Three match, more than two: the walk first. A walk of one provider cannot fill a page of
    // two: the few are read from the places.
    const past = await page(1);
    const walked = await page();
    // Up to three looked for among the places first: all three found, no walk at all.
    const fewFirst = await page(1, 3);
    expect(past.rows.map((row) => row.id)).toEqual([ids.sabinov, ids.kosice]);
    expect(walked.rows).toEqual(past.rows);
    expect(fewFirst.rows).toEqual(past.rows);
    expect(past.counted).toBe(3);
    expect(walked.counted).toBe(3);
    expect(fewFirst.counted).toBe(3);
    expect(past.rows[0]).not.toHaveProperty('counted');
    expect(fewFirst.rows[0]).not.toHaveProperty('counted');
    // The second page of those three, looked for among up to four first: the last one, and the count.
    const second = await listDirectory(database.db, {
      category: 'plumbing',
      placeIds: around,
      sort: 'rating',
      limit: 2,
      offset: 2,
      upTo: 101,
      fewAtMost: 4,
      walkWindow: 1,
    });
    expect(second.rows.map((row) => row.id)).toEqual([ids.presov]);
    expect(second.counted).toBe(3);
    // Among more than 300 places (here with Kyiv's, where nobody works), the providers are found
    // and counted as PostgreSQL weighs the places, not place by place: the same page and count.
    around.push(...placesAround(KYIV, 300).map((place) => place.id));
    expect(around.length).toBeGreaterThan(300);
    for (const many of [await page(1), await page()]) {
      expect(many.rows).toEqual(past.rows);
      expect(many.counted).toBe(3);
    }
  });

  it('follows reviews as they are written and removed', async () => {
    const written = await database.db
      .insert(reviews)
      .values([5, 5, 5].map((rating) => ({ providerId: ids.presov!, rating })))
      .returning({ id: reviews.id });
    const moved = await directory(`category=plumbing&near=${PRESOV}&radius_km=40&sort=rating`);
    // Three fives outweigh two: the same average, more reviews.
    expect(keysOf(moved)).toEqual(['presov', 'sabinov', 'kosice']);
    expect(moved.providers[0]).toMatchObject({ average_rating: 5, review_count: 3 });
    await database.db.delete(reviews).where(eq(reviews.providerId, ids.presov!));
    expect(written).toHaveLength(3);
    const back = await directory(`category=plumbing&near=${PRESOV}&radius_km=40&sort=rating`);
    expect(keysOf(back)).toEqual(['sabinov', 'kosice', 'presov']);
    expect(back.providers[2]).toMatchObject({ average_rating: null, review_count: 0 });
  });

  it('follows the account: a provider enabled again is back in the list and its count', async () => {
    const wide = () => directory(`category=plumbing&near=${PRESOV}&radius_km=200&limit=1`);
    const setStatus = (accountStatus: 'active' | 'disabled') =>
      database.db.update(users).set({ accountStatus }).where(eq(users.id, ids.disabled!));
    await setStatus('active');
    expect((await wide()).pagination).toMatchObject({ total: 4, total_pages: 4 });
    expect(keysOf(await directory(`category=plumbing&near=${PRESOV}&radius_km=5`)).sort()).toEqual([
      'disabled',
      'presov',
    ]);
    await setStatus('disabled');
    expect((await wide()).pagination).toMatchObject({ total: 3, total_pages: 3 });
    expect(keysOf(await directory(`category=plumbing&near=${PRESOV}&radius_km=5`))).toEqual([
      'presov',
    ]);
  });

  it('lists every active provider without a place to search around, best rated first', async () => {
    const body = await directory('category=plumbing');
    expect(keysOf(body).slice(0, 2)).toEqual(['sabinov', 'kosice']);
    expect(keysOf(body)).toEqual(expect.arrayContaining(['presov', 'bratislava', 'nowhere']));
    expect(keysOf(body)).not.toContain('disabled');
    expect(keysOf(body)).not.toContain('electrician');
    expect(body.providers.every((entry) => entry.distance_km === null)).toBe(true);
  });

  it.each([
    [`near=${PRESOV}&radius_km=4`, 'validation_failed'],
    [`near=${PRESOV}&radius_km=500`, 'validation_failed'],
    [`near=123456789`, 'unknown_place'],
    ['radius_km=30', 'near_required'],
    ['sort=distance', 'near_required'],
    ['category=astrology', 'validation_failed'],
  ])('refuses %s with %s', async (query, code) => {
    const answer = await new Agent(app).get(`/api/providers?${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe(code);
  });
});

describe('The directory page', () => {
  it('is titled and described by its trade and town in the visitor’s language', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `/providers?category=plumbing&near=${PRESOV}&radius_km=40`,
    });
    expect(answer.statusCode).toBe(200);
    const title = skDirectory.heading.categoryTown
      .replace('{{category}}', skCategories.plumbing)
      .replace('{{town}}', 'Prešov');
    expect(answer.body).toContain(`<title>Majstri — ${title}</title>`);
    expect(answer.body).toContain(
      `<link rel="canonical" href="${SITE}/providers?category=plumbing&#38;near=${PRESOV}" />`,
    );
    for (const contact of contacts) expect(answer.body).not.toContain(contact);

    const czech = await app.inject({
      method: 'GET',
      url: `/providers?category=electrical`,
      cookies: { lang: 'cs' },
    });
    const czechTitle = csDirectory.heading.category.replace(
      '{{category}}',
      csCategories.electrical,
    );
    expect(czech.body).toContain(`<title>Majstri — ${czechTitle}</title>`);
    expect(czech.body).toContain(
      `content="${csDirectory.description.category.replace('{{category}}', csCategories.electrical)}"`,
    );
  });

  it('is listed in the sitemap for the main towns and every trade', async () => {
    const answer = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const locations = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        `${SITE}/providers`,
        `${SITE}/providers?category=plumbing&amp;near=${PRESOV}`,
        `${SITE}/providers?category=electrical&amp;near=${BRATISLAVA}`,
        `${SITE}/providers?category=roofing&amp;near=${KOSICE}`,
      ]),
    );
    expect(locations.filter((location) => location!.includes('/providers?'))).toHaveLength(11 * 26);
  });
});
