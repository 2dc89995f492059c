import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequests } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import { withCommonChecked } from '../search/search-condition';
import { searchQuery } from '../search/search-query';
import { termStats } from '../search/term-stats';

// Read from the indexes, a search's words and town words too common to be worth reading there
// ("nad" of "Stráž nad Nisou") are checked on each match instead (search-condition.ts
// `withCommonChecked`). The matches are the same either way.

let database: TestDatabase;
let app: App;

type Listed = {
  work_requests: { location: string }[];
  pagination: { total: number; total_estimated: boolean };
};
const search = async (query: string) =>
  (await new Agent(app).get(`/api/work-requests?${query}`)).json() as Listed;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db);
  const towns = [
    ['Nové Mesto nad Váhom', 30],
    ['Stráž nad Nisou', 20],
    ['Stráž pod Ralskem', 10],
    ['Liberec nad Nisou', 10],
  ] as const;
  for (const [location, count] of towns) {
    await createWorkRequests(database.db, client.id, { title: 'Oprava plota', count, location });
  }
  await database.db.execute(sql`analyze work_requests`);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('a search whose words are common', () => {
  it('reads its rarest word from an index and checks the others on each match', async () => {
    const found = withCommonChecked(
      (await searchQuery(database.db, undefined, 'Stráž nad Nisou'))!,
      await termStats(database.db),
    );
    // Each of the three covers more than 2 % of these requests: the first of the rarest is read.
    expect(found.common).toEqual([false, true, true]);
    const listed = await search(`location=${encodeURIComponent('Stráž nad Nisou')}`);
    expect(new Set(listed.work_requests.map((r) => r.location))).toEqual(
      new Set(['Stráž nad Nisou']),
    );
    expect(listed.pagination).toMatchObject({ total: 20, total_estimated: false });
  });

  it('finds the same with words and a town, each checked where it is common', async () => {
    const listed = await search(`q=plota&location=${encodeURIComponent('Nisou')}`);
    expect(listed.pagination).toMatchObject({ total: 30, total_estimated: false });
    const none = await search(`q=strechy&location=${encodeURIComponent('nad Nisou')}`);
    expect(none.pagination).toMatchObject({ total: 0, total_estimated: false });
  });
});
