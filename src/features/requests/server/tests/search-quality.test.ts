import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequest } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import type { Category } from '../../../../shared/categories';
import { LIMITS } from '../../../../shared/limits';

let database: TestDatabase;
let app: App;

const found = async (query: string) => {
  const response = await new Agent(app).get(`/api/work-requests?${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { work_requests: { title: string }[] }).work_requests.map(
    (r) => r.title,
  );
};
const q = (text: string) => found(`q=${encodeURIComponent(text)}`);
const inLocation = (text: string) => found(`location=${encodeURIComponent(text)}`);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db);
  const hour = 60 * 60 * 1000;
  let age = 0;
  // Listed newest first in the order made here.
  const make = (title: string, description: string, category: Category, location: string) =>
    createWorkRequest(database.db, client, {
      title,
      description,
      category,
      location,
      createdAt: new Date(Date.now() - ++age * hour),
    });
  await make(
    'Elektrické žalúzie do spálne',
    'Tri okná, žalúzie s elektrickým ovládaním a diaľkovým ovládačom.',
    'windows_doors_shading',
    'Bratislava',
  );
  await make(
    'Nový obklad v kúpeľni',
    'Strhnúť starý obklad, položiť nový.',
    'tiling',
    'Spišská Nová Ves',
  );
  await make(
    'Nové svetlá v obývačke',
    'Osem LED bodoviek do podhľadu.',
    'electrical',
    'Michalovce',
  );
  await make('Kvapkajúca batéria', 'Batéria v kuchyni kvapká.', 'plumbing', 'Košice - Juh');
  await make('Vymaľovať byt', 'Dve izby a chodba, biela farba.', 'painting', 'Brno');
  await make('Pokosiť trávnik', 'Záhrada 400 m², raz za dva týždne.', 'gardening', 'Frýdek-Místek');
  await make('Oprava plotu', 'Drevený plot, tri polia.', 'carpentry', 'Nitra');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('search text over the limit', () => {
  it.each(['q', 'location'])('refuses a too long %s with its own code', async (field) => {
    const text = 'a'.repeat(LIMITS.searchText.max + 100);
    const response = await new Agent(app).get(`/api/work-requests?${field}=${text}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('search_too_long');
    expect(body.message).toContain(String(LIMITS.searchText.max));
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|zod|postgres/i);
  });

  it('takes text of exactly the limit', async () => {
    const text = 'a'.repeat(LIMITS.searchText.max);
    expect((await new Agent(app).get(`/api/work-requests?q=${text}`)).statusCode).toBe(200);
  });
});

describe('typos in longer words', () => {
  it.each([
    ['obkald', 'two letters swapped'],
    ['obkald kupelni', 'swapped, with another word'],
    ['obklsd', 'one wrong letter'],
    ['bodovjek', 'one wrong letter in a longer word'],
    ['bateira', 'two letters swapped near the end'],
  ])('finds the request for %s (%s)', async (text) => {
    const titles = await q(text);
    expect(titles.length).toBeGreaterThan(0);
    expect(
      titles.some((title) =>
        ['Nový obklad v kúpeľni', 'Nové svetlá v obývačke', 'Kvapkajúca batéria'].includes(title),
      ),
    ).toBe(true);
  });

  it('keeps short words exact: a slip in four letters is not guessed', async () => {
    expect(await q('plto')).toEqual([]);
  });
});

describe('trade names', () => {
  it.each([
    ['elektrikar', 'Nové svetlá v obývačke'],
    ['elektrikár', 'Nové svetlá v obývačke'],
    ['electrician', 'Nové svetlá v obývačke'],
    ['электрик', 'Nové svetlá v obývačke'],
    ['електрик', 'Nové svetlá v obývačke'],
    ['elektrikář', 'Nové svetlá v obývačke'],
    ['inštalatér', 'Kvapkajúca batéria'],
    ['plumber', 'Kvapkajúca batéria'],
    ['сантехник', 'Kvapkajúca batéria'],
    ['сантехнік', 'Kvapkajúca batéria'],
    ['obkladač', 'Nový obklad v kúpeľni'],
    ['obkladac', 'Nový obklad v kúpeľni'],
    ['maliar', 'Vymaľovať byt'],
    ['malíř', 'Vymaľovať byt'],
    ['painter', 'Vymaľovať byt'],
    ['záhradník', 'Pokosiť trávnik'],
    ['stolár', 'Oprava plotu'],
  ])('%s finds the request of its trade first', async (text, title) => {
    const titles = await q(text);
    expect(titles[0]).toBe(title);
  });

  it('still lists text matches after the trade’s requests', async () => {
    expect(await q('elektrikar')).toEqual([
      'Nové svetlá v obývačke',
      'Elektrické žalúzie do spálne',
    ]);
  });

  it('pages through the trade’s requests and then the text matches', async () => {
    const page = async (n: number) => {
      const response = await new Agent(app).get(
        `/api/work-requests?q=elektrikar&limit=1&page=${n}`,
      );
      return response.json() as {
        work_requests: { title: string }[];
        pagination: { total: number; total_estimated: boolean };
      };
    };
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first.work_requests.map((r) => r.title)).toEqual(['Nové svetlá v obývačke']);
    expect(second.work_requests.map((r) => r.title)).toEqual(['Elektrické žalúzie do spálne']);
    expect(third.work_requests).toEqual([]);
    expect(first.pagination).toMatchObject({ total: 2, total_estimated: false });
  });

  it('takes the other words as text to match within the trade', async () => {
    expect(await q('elektrikár bodovky')).toEqual(['Nové svetlá v obývačke']);
    expect(await q('inštalatér kuchyni')).toEqual(['Kvapkajúca batéria']);
    expect(await q('inštalatér bodovky')).toEqual([]);
  });

  it('finds the trade in the region', async () => {
    expect(await q('elektrikár Košický kraj')).toEqual(['Nové svetlá v obývačke']);
    expect(await q('elektrikár Bratislavský kraj')).toEqual(['Elektrické žalúzie do spálne']);
  });
});

describe('regions', () => {
  const kosice = ['Nové svetlá v obývačke', 'Kvapkajúca batéria', 'Nový obklad v kúpeľni'];
  it.each([
    'Košický kraj',
    'kosicky kraj',
    'Košice Region',
    'Кошицкий край',
    'Кошицький край',
    'Košický kraj',
  ])('the location filter %s finds the towns of the Košice region', async (region) => {
    expect((await inLocation(region)).sort()).toEqual([...kosice].sort());
  });

  it.each(['Košický kraj', 'Kosicky kraj', 'Кошицкий край'])(
    'a search for %s finds the towns of the region',
    async (region) => {
      expect((await q(region)).sort()).toEqual([...kosice].sort());
    },
  );

  it('combines a region with words', async () => {
    expect(await q('obklad Košický kraj')).toEqual(['Nový obklad v kúpeľni']);
    expect(await found(`q=bateria&location=${encodeURIComponent('Košický kraj')}`)).toEqual([
      'Kvapkajúca batéria',
    ]);
  });

  it.each([
    ['Jihomoravský kraj', ['Vymaľovať byt']],
    ['South Moravian Region', ['Vymaľovať byt']],
    ['Moravskoslezský kraj', ['Pokosiť trávnik']],
    ['Моравскосилезский край', ['Pokosiť trávnik']],
    ['Nitriansky kraj', ['Oprava plotu']],
    ['Bratislavský kraj', ['Elektrické žalúzie do spálne']],
    ['Prešovský kraj', []],
  ])('knows the Czech and Slovak regions: %s', async (region, titles) => {
    expect(await inLocation(region)).toEqual(titles);
  });
});

describe('the number of matches of a rare word', () => {
  it('is exact on a full page, on the last page and past it', async () => {
    const client = await createClient(database.db);
    for (let i = 0; i < 5; i++) {
      await createWorkRequest(database.db, client, {
        title: `Zvárané zábradlie číslo ${i + 1}`,
        description: 'Nerezové zábradlie na balkón, zvárané na mieste.',
        category: 'smithing_locksmithing',
        location: 'Žilina',
      });
    }
    const pagination = async (page: number) =>
      (
        (
          await new Agent(app).get(`/api/work-requests?q=zabradlie&limit=4&page=${page}`)
        ).json() as {
          pagination: { total: number; total_estimated: boolean };
        }
      ).pagination;
    // The first page is full, so it cannot tell the total: the matches are counted.
    expect(await pagination(1)).toMatchObject({ total: 5, total_estimated: false });
    expect(await pagination(2)).toMatchObject({ total: 5, total_estimated: false });
    expect(await pagination(3)).toMatchObject({ total: 5, total_estimated: false });
  });
});
