import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequests } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import { EXACT_COUNT_LIMIT } from '../search/counted';

// A one-word search that more listed requests have than the list counts exactly says "more than"
// without counting (search-query.ts `leastMatches`), trusting the number of listed requests each
// word has (`listed_term_counts`, kept by triggers). Were that number not kept as requests close,
// clients leave and titles change, the list would say "more than" where it has fewer.

let database: TestDatabase;
let app: App;

type Listed = { pagination: { total: number; total_estimated: boolean } };
const totalOf = async (query: string) => {
  const response = await new Agent(app).get(`/api/work-requests?${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Listed).pagination;
};
const listedWith = async (term: string) =>
  (
    await database.db.execute<{ listed: number }>(
      sql`select listed from listed_term_counts where term = ${term}`,
    )
  ).rows[0]?.listed ?? 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('a word more listed requests have than are counted', () => {
  it('is "more than" until one closes, then counted exactly', async () => {
    const client = await createClient(database.db);
    await createWorkRequests(database.db, client.id, {
      title: 'Natrieť plot',
      count: EXACT_COUNT_LIMIT + 1,
    });
    expect(await listedWith('plot')).toBe(EXACT_COUNT_LIMIT + 1);
    expect(await totalOf('q=plot')).toMatchObject({
      total: EXACT_COUNT_LIMIT,
      total_estimated: true,
    });

    await database.db.execute(sql`update work_requests set status = 'CANCELLED'
      where id = (select id from work_requests where title like 'Natrieť plot%' limit 1)`);
    expect(await totalOf('q=plot')).toMatchObject({
      total: EXACT_COUNT_LIMIT,
      total_estimated: false,
    });
  });

  it('is counted in a category, where fewer have it', async () => {
    const client = await createClient(database.db, { email: 'inny@example.test' });
    await createWorkRequests(database.db, client.id, {
      title: 'Plot zo dreva',
      count: 150,
      category: 'carpentry',
    });
    expect(await listedWith('plot')).toBe(EXACT_COUNT_LIMIT + 150);
    expect(await listedWith('carpentry/plot')).toBe(150);
    expect(await totalOf('q=plot&category=carpentry')).toMatchObject({
      total: 150,
      total_estimated: false,
    });
    // In the category that has more, "more than" without counting.
    expect(await listedWith('other/plot')).toBe(EXACT_COUNT_LIMIT);
    await database.db.execute(sql`update work_requests set category = 'other'
      where id = (select id from work_requests where title = 'Plot zo dreva 1')`);
    expect([await listedWith('other/plot'), await listedWith('carpentry/plot')]).toEqual([
      EXACT_COUNT_LIMIT + 1,
      149,
    ]);
    expect(await totalOf('q=plot&category=other')).toMatchObject({
      total: EXACT_COUNT_LIMIT,
      total_estimated: true,
    });
    await database.db.execute(sql`update work_requests set category = 'carpentry'
      where title = 'Plot zo dreva 1'`);
    expect(await totalOf('q=plot&category=other')).toMatchObject({
      total: EXACT_COUNT_LIMIT,
      total_estimated: false,
    });
  });

  it('leaves the count when its client leaves, and follows a title that changes', async () => {
    const client = await createClient(database.db, { email: 'odchadza@example.test' });
    await createWorkRequests(database.db, client.id, { title: 'Zavesiť lampu', count: 3 });
    expect(await listedWith('lampu')).toBe(3);

    await database.db.execute(
      sql`update work_requests set title = 'Zavesiť luster' where title = 'Zavesiť lampu 1'`,
    );
    expect([await listedWith('lampu'), await listedWith('luster')]).toEqual([2, 1]);

    await database.db.execute(
      sql`update users set account_status = 'suspended' where id = ${client.id}`,
    );
    expect([await listedWith('lampu'), await listedWith('luster')]).toEqual([0, 0]);

    await database.db.execute(
      sql`update users set account_status = 'active' where id = ${client.id}`,
    );
    await database.db.execute(sql`delete from work_requests where title = 'Zavesiť lampu 2'`);
    expect([await listedWith('lampu'), await listedWith('luster')]).toEqual([1, 1]);
  });
});
