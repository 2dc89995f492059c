import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequests } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import { readLastOf } from '../../../../server/db/direct';
import { recentFirst, recentPageText } from '../search/recent-weeks';
import { searchQuery } from '../search/search-query';

// A common word's page is looked for among the last weeks' listed requests first (as many as
// should hold twice the page, two at least: search/recent-weeks.ts) and read from every match
// when it is not all there. Either way the page is the newest matches, and the count is every
// match's. With this data the words below are looked for in two weeks.

let database: TestDatabase;
let app: App;

type Listed = {
  work_requests: { title: string }[];
  pagination: { total: number; total_estimated: boolean };
};
const search = async (query: string) =>
  (await new Agent(app).get(`/api/work-requests?${query}`)).json() as Listed;
const titles = (prefix: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${from + i}`);

/** The page the last weeks hold for `q` or the town `location`, as the search reads it (full or not). */
async function recentTitles(
  q: string | undefined,
  limit: number,
  expected: number,
  location?: string,
) {
  const found = (await searchQuery(database.db, q, location))!;
  const rows = await readLastOf<{ title: string }>(
    database.db,
    recentPageText(found, { limit, offset: 0, expected }),
  );
  return rows.map((row) => row.title);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db);
  // A chimney every hour for 125 days back from now: 168–336 of them in the last two weeks.
  await createWorkRequests(database.db, client.id, { title: 'Oprava komína', count: 3_000 });
  // Fences, every one older than a month: none in the last two weeks.
  await createWorkRequests(database.db, client.id, {
    title: 'Nový plot',
    count: 2_500,
    hoursBefore: 30 * 24,
  });
  // Garages: 40 in the last two days, the other 2 160 older than a month.
  await createWorkRequests(database.db, client.id, { title: 'Brána garáže', count: 40 });
  await database.db.execute(sql`
    insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
    select ${client.id}, 'Brána garáže ' || (40 + n), 'Treba urobiť čo najskôr.', 'other', 'Trnava',
           'Klient', 'k@example.test', now() - (30 * 24 + n) * interval '1 hour'
    from generate_series(1, 2160) n`);
  // Painting in Nové Mesto nad Váhom, every hour for 104 days back from an hour ago.
  await createWorkRequests(database.db, client.id, {
    title: 'Maľovanie bytu',
    count: 2_500,
    location: 'Nové Mesto nad Váhom - Juh',
  });
  await database.db.execute(sql`analyze work_requests`);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('a common word’s newest page', () => {
  it('is found among the last weeks when they hold it, newest first, counted as before', async () => {
    expect(await recentTitles('komina', 100, 3_000)).toEqual(titles('Oprava komína', 1, 100));
    const found = await search('q=komina');
    expect(found.work_requests.map((r) => r.title)).toEqual(titles('Oprava komína', 1, 100));
    expect(found.pagination).toMatchObject({ total: 1000, total_estimated: true });
    const second = await search('q=komina&page=2');
    expect(second.work_requests.map((r) => r.title)).toEqual(titles('Oprava komína', 101, 100));
  });

  it('matches every word in one request, and a slip by the known words it stands for', async () => {
    // The words are read from the index of each word written after its week (migration 0042).
    expect(await recentTitles('oprava komina', 100, 3_000)).toEqual(
      titles('Oprava komína', 1, 100),
    );
    expect(await recentTitles('kominz', 100, 3_000)).toEqual(titles('Oprava komína', 1, 100));
    // Chimneys and garages both in the last two days, never in one request.
    expect(await recentTitles('komina garaze', 20, 3_000)).toEqual([]);
    // In their town (the factory's Trnava), and in no other.
    expect(await recentTitles('oprava komina', 20, 3_000, 'Trnava')).toEqual(
      titles('Oprava komína', 1, 20),
    );
    expect(await recentTitles('oprava komina', 20, 3_000, 'Nitra')).toEqual([]);
  });

  it('is read from every match when the last weeks hold none of them', async () => {
    expect(await recentTitles('plot', 100, 2_500)).toEqual([]);
    // Expected fewer, the weeks looked through go back further: 13 of the listed requests' 19
    // for twice 100 of 300 matches, which reach the fences of a month ago.
    expect(await recentTitles('plot', 100, 300)).toEqual(titles('Nový plot', 1, 100));
    const found = await search('q=plot');
    expect(found.work_requests.map((r) => r.title)).toEqual(titles('Nový plot', 1, 100));
    expect(found.pagination).toMatchObject({ total: 1000, total_estimated: true });
  });

  it('goes on past the last weeks when they hold only part of it', async () => {
    expect(await recentTitles('garaze', 100, 2_200)).toEqual(titles('Brána garáže', 1, 40));
    const found = await search('q=garaze');
    expect(found.work_requests.map((r) => r.title)).toEqual(titles('Brána garáže', 1, 100));
  });

  it('counts its weeks from the newest listed request, not from today', async () => {
    // Everything a year older: the last two weeks are those before the newest chimney.
    await database.db.execute(
      sql`update work_requests set created_at = created_at - interval '365 days'`,
    );
    try {
      expect(await recentTitles('komina', 20, 3_000)).toEqual(titles('Oprava komína', 1, 20));
    } finally {
      await database.db.execute(
        sql`update work_requests set created_at = created_at + interval '365 days'`,
      );
    }
  });

  it('is found among the last weeks for a town of thousands, from its own index', async () => {
    // A town's weeks are to hold four times the page (RECENT_MARGIN_TOWN): hundreds of its requests.
    expect(await recentTitles(undefined, 100, 2_500, 'Nové Mesto nad Váhom')).toEqual(
      titles('Maľovanie bytu', 1, 100),
    );
    // With words, the words' index and the town's.
    expect(await recentTitles('malovanie', 20, 2_500, 'Nové Mesto')).toEqual(
      titles('Maľovanie bytu', 1, 20),
    );
    // No request of Trnava is one of Nové Mesto.
    expect(await recentTitles(undefined, 20, 2_500, 'Trnava nad Váhom')).toEqual([]);
    const found = await search(`location=${encodeURIComponent('Nové Mesto nad Váhom')}`);
    expect(found.work_requests.map((r) => r.title)).toEqual(titles('Maľovanie bytu', 1, 100));
    expect(found.pagination).toMatchObject({ total: 1000, total_estimated: true });
  });

  it('is looked for in the last weeks only for words common enough and not too common, without a category, on early pages', () => {
    const words = { words: "'komina':*", location: '', categories: [] };
    expect(recentFirst(words, { expected: 3_000, reach: 100, counted: false })).toBe(true);
    expect(recentFirst(words, { expected: 1_500, reach: 100, counted: false })).toBe(false);
    // Its count known without reading the matches, a page is all there is to read.
    expect(recentFirst(words, { expected: 1_500, reach: 100, counted: true })).toBe(true);
    expect(recentFirst(words, { expected: 900, reach: 100, counted: true })).toBe(false);
    expect(recentFirst(words, { expected: 49_000, reach: 100, counted: false })).toBe(true);
    expect(recentFirst(words, { expected: 50_000, reach: 100, counted: false })).toBe(false);
    expect(recentFirst(words, { expected: 3_000, reach: 200, counted: false })).toBe(false);
    expect(
      recentFirst(
        { words: '', location: '', categories: [] },
        { expected: 3_000, reach: 20, counted: false },
      ),
    ).toBe(false);
    expect(
      recentFirst(
        { words: '', location: "'senica':*C", categories: [] },
        { expected: 3_000, reach: 20, counted: false },
      ),
    ).toBe(true);
    expect(
      recentFirst(
        { words: "'komina':*", location: '', categories: ['masonry'] },
        { expected: 3_000, reach: 20, counted: false },
      ),
    ).toBe(false);
  });
});
