import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';

// A search in one category looks through the category's 2 000 newest requests first and reads
// the indexes when the page is not there (search/window-page.ts). Either way the page is the
// newest matches and the total is the same as reading every match.

let database: TestDatabase;
let app: App;

type Listed = {
  work_requests: { id: string; title: string }[];
  pagination: { total: number; total_estimated: boolean };
};
const search = async (query: string) =>
  (await new Agent(app).get(`/api/work-requests?${query}`)).json() as Listed;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db);
  // 2 500 roofing requests, one a minute: the newest 2 100 about a roof, the 400 older ones
  // about a chimney; and a chimney in another category, newer than all of them.
  await database.db.execute(sql`
    insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
    select ${client.id},
           case when n > 2100 then 'Oprava komína ' || n else 'Oprava strechy ' || n end,
           'Strecha na rodinnom dome, treba pozrieť.', 'roofing', 'Poprad', 'Klient', 'k@example.test',
           now() - n * interval '1 minute'
    from generate_series(1, 2500) n`);
  await database.db.execute(sql`
    insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
    values (${client.id}, 'Vymurovať komín', 'Nový komín na chate.', 'masonry', 'Poprad', 'Klient', 'k@example.test', now())`);
  // A rare word: twice in roofing, older than its other requests (the category's word "strechy"
  // finds every roofing request), once in masonry and once in high-altitude work.
  await database.db.execute(sql`
    insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
    values (${client.id}, 'Vikier nad garážou', 'Zateká okolo vikiera.', 'roofing', 'Poprad', 'Klient', 'k@example.test', now() - interval '4 days'),
           (${client.id}, 'Vikier na chate', 'Nový vikier v podkroví.', 'roofing', 'Poprad', 'Klient', 'k@example.test', now() - interval '3 days'),
           (${client.id}, 'Murovaný vikier', 'Vikier z tehál.', 'masonry', 'Poprad', 'Klient', 'k@example.test', now() - interval '1 minute'),
           (${client.id}, 'Oplechovanie vikiera', 'Práca vo výške, vikier na treťom poschodí.', 'high_altitude_work', 'Poprad', 'Klient', 'k@example.test', now() - interval '2 minutes')`);
  await database.db.execute(sql`analyze work_requests`);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('search in a category', () => {
  it('finds a word’s matches in the category alone, newest first, counted exactly', async () => {
    const roofing = await search('q=vikier&category=roofing');
    expect(roofing.work_requests.map((r) => r.title)).toEqual([
      'Vikier na chate',
      'Vikier nad garážou',
    ]);
    expect(roofing.pagination).toMatchObject({ total: 2, total_estimated: false });
    const masonry = await search('q=vikier&category=masonry');
    expect(masonry.work_requests.map((r) => r.title)).toEqual(['Murovaný vikier']);
    // A category whose code has underscores (read as the words' own, not cut at them).
    const high = await search('q=vikier&category=high_altitude_work');
    expect(high.work_requests.map((r) => r.title)).toEqual(['Oplechovanie vikiera']);
    expect((await search('q=vikier&category=plumbing')).work_requests).toEqual([]);
    expect((await search('q=vikier')).pagination).toMatchObject({ total: 4 });
  });

  it('finds matches older than the category’s 2 000 newest requests, newest first, counted exactly', async () => {
    const found = await search('q=komina&category=roofing');
    expect(found.work_requests).toHaveLength(100);
    expect(found.work_requests.map((r) => r.title)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Oprava komína ${2101 + i}`),
    );
    expect(found.pagination).toMatchObject({ total: 400, total_estimated: false });
    const last = await search('q=komina&category=roofing&page=4');
    expect(last.work_requests.map((r) => r.title).at(-1)).toBe('Oprava komína 2500');
  });

  it('finds matches among the newest, and says "more than 1 000" when there are', async () => {
    const found = await search('q=strechy&category=roofing');
    expect(found.work_requests.map((r) => r.title)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Oprava strechy ${1 + i}`),
    );
    expect(found.pagination).toMatchObject({ total: 1000, total_estimated: true });
  });

  it('finds nothing in a category none of whose requests has the word', async () => {
    const found = await search('q=komina&category=plumbing');
    expect(found.work_requests).toEqual([]);
    expect(found.pagination).toMatchObject({ total: 0, total_estimated: false });
  });
});

describe('the count of a search in a category of more than 5 000 requests', () => {
  // A database of its own: the words' statistics are read once per database.
  let own: TestDatabase;
  let ownApp: App;
  const count = async (query: string) =>
    ((await new Agent(ownApp).get(`/api/work-requests?${query}`)).json() as Listed).pagination;
  beforeAll(async () => {
    own = await createTestDatabase();
    ownApp = await buildApp({ db: own.db });
    const client = await createClient(own.db);
    // 6 000 insulation requests, one a minute (n = 1 the newest): the count looks through the
    // 5 000 newest, then walks on past them.
    await own.db.execute(sql`
      insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
      select ${client.id}, 'Zateplenie fasády ' || n,
             case when (n <= 5000 and (n % 6 = 0 or n = 5000)) or (n > 5000 and n % 20 = 0)
                    then 'Polystyrén hrúbky 15 cm.'
                  when n % 7 = 0 or n > 5000 then 'Minerálna vata do podkrovia.'
                  else 'Fasáda rodinného domu.' end,
             'insulation', 'Žilina', 'Klient', 'k@example.test',
             now() - interval '1 day' - n * interval '1 minute'
      from generate_series(1, 6000) n`);
    await own.db.execute(sql`analyze work_requests`);
  });
  afterAll(async () => {
    await ownApp.close();
    await own.drop();
  });

  it('adds the matches past the newest 5 000 to theirs, the 5 000th counted once', async () => {
    // 834 among the newest 5 000 (the 5 000th one of them), 50 past them. With a town the count
    // walks the category (window-page.ts); the words alone are counted from their own index.
    for (const town of ['&location=Žilina', '']) {
      expect(await count(`q=polystyren&category=insulation${town}`)).toMatchObject({
        total: 884,
        total_estimated: false,
      });
    }
  });

  it('says "more than 1 000" when the walk past the newest 5 000 reaches it', async () => {
    // 595 among the newest 5 000 (multiples of 7 that are not of 6), 950 past them.
    for (const town of ['&location=Žilina', '']) {
      expect(await count(`q=mineralna&category=insulation${town}`)).toMatchObject({
        total: 1000,
        total_estimated: true,
      });
    }
  });
});
