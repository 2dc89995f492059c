import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequest } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';

// A search word stands for the known words it starts (search-query.ts `starting`): every one of
// them must be known, or a request is missed that the word's start would have found.

let database: TestDatabase;
let app: App;
let client: Awaited<ReturnType<typeof createClient>>;

/** The titles a search finds, by its words (`q`) or, given `by: 'location'`, its location. */
const titlesFound = async (text: string, by: 'q' | 'location' = 'q') => {
  const response = await new Agent(app).get(`/api/work-requests?${by}=${encodeURIComponent(text)}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { work_requests: { title: string }[] }).work_requests
    .map((r) => r.title)
    .sort();
};

const post = (title: string, description: string, location = 'Trnava') =>
  createWorkRequest(database.db, client, { title, description, category: 'handyman', location });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  client = await createClient(database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('a search word', () => {
  it('finds a word it starts of more than forty letters', async () => {
    const long = `plexi${'sklo'.repeat(10)}vy`;
    expect(long.length).toBeGreaterThan(40);
    await post('Dlhé slovo', `Treba ${long} kryt.`);
    await post('Krátke slovo', 'Treba plexisklosklo.');
    expect(await titlesFound('plexisklosklo')).toEqual(['Dlhé slovo', 'Krátke slovo']);
  });

  it('finds a word first posted after the same search', async () => {
    await post('Starý nástroj', 'Naladiť xylofon.');
    expect(await titlesFound('xylofon')).toEqual(['Starý nástroj']);
    await post('Nový nástroj', 'Naladiť xylofonik pre škôlku.');
    expect(await titlesFound('xylofon')).toEqual(['Nový nástroj', 'Starý nástroj']);
  });

  it('in the location finds a town first posted after the same search', async () => {
    await post('V starom meste', 'Oprava brány.', 'Zvolenovce');
    expect(await titlesFound('zvolenov', 'location')).toEqual(['V starom meste']);
    await post('V novom meste', 'Oprava plota.', 'Zvolenovská Ves');
    expect(await titlesFound('zvolenov', 'location')).toEqual(['V novom meste', 'V starom meste']);
  });

  it('starting more known words than it stands for stays a start and finds them all', async () => {
    const many = Array.from(
      { length: 40 },
      (_, i) =>
        `zzk${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    await post('Mnoho slov', many.join(' '));
    await post('Posledné slovo', 'Iba zzkzzz tu.');
    expect(await titlesFound('zzk')).toEqual(['Mnoho slov', 'Posledné slovo']);
  });
});
