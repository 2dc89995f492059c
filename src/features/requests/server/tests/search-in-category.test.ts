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
  await database.db.execute(sql`analyze work_requests`);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('search in a category', () => {
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
