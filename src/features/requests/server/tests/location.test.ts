import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequest } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import type { Category } from '../../../../shared/categories';

let database: TestDatabase;
let app: App;

const titles = async (query: string) => {
  const response = await new Agent(app).get(`/api/work-requests?${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { work_requests: { title: string }[] }).work_requests
    .map((r) => r.title)
    .sort();
};
const suggestions = async (prefix: string) => {
  const response = await new Agent(app).get(
    `/api/work-requests/locations?prefix=${encodeURIComponent(prefix)}`,
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as { locations: string[] }).locations;
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db);
  const disabled = await createClient(database.db, { accountStatus: 'disabled' });
  const make = (title: string, location: string, category: Category = 'plumbing') =>
    createWorkRequest(database.db, client, {
      title,
      location,
      category,
      description: 'Treba to spraviť do konca mesiaca.',
    });
  await make('Oprava strechy', 'Košice', 'roofing');
  await make('Nový obklad', 'Košice - Staré Mesto', 'tiling');
  await make('Maľovanie bytu', 'Banská Bystrica', 'painting');
  await make('Výmena okien', 'Bratislava, Petržalka', 'windows_doors_shading');
  await make('Kosenie trávnika', 'Žilina', 'gardening');
  await make('Montáž svetiel', 'Kostolište', 'electrical');
  // Not offered, not found: a closed request and a disabled client's request.
  await createWorkRequest(database.db, client, {
    title: 'Hotová práca',
    location: 'Komárno',
    status: 'COMPLETED',
  });
  await createWorkRequest(database.db, disabled, { title: 'Skrytá', location: 'Kopčany' });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('search finds the location too', () => {
  it.each([
    ['Košice', ['Nový obklad', 'Oprava strechy']],
    ['kosice', ['Nový obklad', 'Oprava strechy']],
    ['KOŠICE', ['Nový obklad', 'Oprava strechy']],
    ['petrzalka', ['Výmena okien']],
    ['banska bystrica', ['Maľovanie bytu']],
    ['zilin', ['Kosenie trávnika']],
  ])('a town, accents and case ignored: %s', async (q, expected) => {
    expect(await titles(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it.each([
    ['Koshice', ['Nový obklad', 'Oprava strechy']],
    ['Bratislva', ['Výmena okien']],
    ['Žillina', ['Kosenie trávnika']],
  ])('a town with a typo: %s', async (q, expected) => {
    expect(await titles(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it('combines a town with other words', async () => {
    expect(await titles('q=strechy%20kosice')).toEqual(['Oprava strechy']);
    expect(await titles('q=strechy%20zilina')).toEqual([]);
  });
});

describe('the location filter', () => {
  it.each([
    ['Košice', ['Nový obklad', 'Oprava strechy']],
    ['kosice', ['Nový obklad', 'Oprava strechy']],
    ['stare mesto', ['Nový obklad']],
    ['Bystrica', ['Maľovanie bytu']],
    ['bratislava petrzalka', ['Výmena okien']],
    ['kos', ['Montáž svetiel', 'Nový obklad', 'Oprava strechy']],
  ])('matches a town or part of the location: %s', async (location, expected) => {
    expect(await titles(`location=${encodeURIComponent(location)}`)).toEqual(expected);
  });

  it('matches the location only, not the title or description', async () => {
    // "Kosenie" starts with "kos" but lives in Žilina.
    expect(await titles('location=kosenie')).toEqual([]);
    expect(await titles('location=oprava')).toEqual([]);
  });

  it('combines with words, a category and a category named by the words', async () => {
    expect(await titles('location=kosice&q=obklad')).toEqual(['Nový obklad']);
    expect(await titles('location=kosice&category=roofing')).toEqual(['Oprava strechy']);
    expect(await titles('location=zilina&q=obklad')).toEqual([]);
    // "strechy" names the roofing category; the location still applies to it.
    expect(await titles('location=zilina&q=strecha')).toEqual([]);
    expect(await titles('location=kosice&q=strecha')).toEqual(['Oprava strechy']);
  });

  it('treats query syntax in the location as plain words', async () => {
    expect(await titles(`location=${encodeURIComponent("košice' & | ! :* ( ) \\")}`)).toEqual([
      'Nový obklad',
      'Oprava strechy',
    ]);
  });

  it('finds nothing for a town without open requests', async () => {
    expect(await titles('location=komarno')).toEqual([]);
    expect(await titles('location=kopcany')).toEqual([]);
  });

  it('refuses a location over 200 characters', async () => {
    const response = await new Agent(app).get(`/api/work-requests?location=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('search_too_long');
  });
});

describe('GET /api/work-requests/locations', () => {
  it('offers the towns of open requests starting with the prefix, accents ignored', async () => {
    expect(await suggestions('ko')).toEqual(['Košice', 'Košice - Staré Mesto', 'Kostolište']);
    expect(await suggestions('koš')).toEqual(['Košice', 'Košice - Staré Mesto', 'Kostolište']);
    expect(await suggestions('KOSICE')).toEqual(['Košice', 'Košice - Staré Mesto']);
    expect(await suggestions('zi')).toEqual(['Žilina']);
  });

  it('never offers the town of a closed request or of a disabled client', async () => {
    expect(await suggestions('kom')).toEqual([]);
    expect(await suggestions('kop')).toEqual([]);
  });

  it('offers each town once, at most ten, in alphabetical order', async () => {
    const client = await createClient(database.db);
    for (let i = 0; i < 12; i++) {
      await createWorkRequest(database.db, client, {
        location: `Obec ${String(i).padStart(2, '0')}`,
      });
    }
    await createWorkRequest(database.db, client, { location: 'OBEC 00' });
    const offered = await suggestions('obec');
    expect(offered).toHaveLength(10);
    expect(offered.map((town) => town.toLowerCase())).toEqual(
      Array.from({ length: 10 }, (_, i) => `obec ${String(i).padStart(2, '0')}`),
    );
  });

  it('treats LIKE wildcards as plain text, and answers with a short public cache', async () => {
    expect(await suggestions('%')).toEqual([]);
    expect(await suggestions('_')).toEqual([]);
    const response = await new Agent(app).get('/api/work-requests/locations?prefix=ko');
    expect(response.headers['cache-control']).toMatch(/^public, /);
  });

  it('refuses a prefix over 100 characters', async () => {
    const response = await new Agent(app).get(
      `/api/work-requests/locations?prefix=${'a'.repeat(101)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });
});
