import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWorkRequest } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import type { Category } from '../../../../shared/categories';

let database: TestDatabase;
let app: App;
const ids: Record<string, string> = {};

const titles = (body: { work_requests: { title: string }[] }) =>
  body.work_requests.map((r) => r.title).sort();
const search = async (query: string) =>
  (await new Agent(app).get(`/api/work-requests?${query}`)).json() as {
    work_requests: { id: string; title: string }[];
  };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db });
  const client = await createClient(database.db, { name: 'Hľadajúca Klientka' });
  const disabled = await createClient(database.db, { accountStatus: 'disabled' });
  const hour = 60 * 60 * 1000;
  const make = async (
    key: string,
    title: string,
    description: string,
    category: Category,
    hoursAgo: number,
    owner = client,
  ) => {
    ids[key] = (
      await createWorkRequest(database.db, owner, {
        title,
        description,
        category,
        createdAt: new Date(Date.now() - hoursAgo * hour),
      })
    ).id;
  };
  await make('bath', 'Nový obklad v kúpeľni', 'Strhnúť starý obklad, položiť nový.', 'tiling', 1);
  await make('roof', 'Oprava strechy na garáži', 'Plochá strecha zateká pri daždi.', 'roofing', 2);
  await make('garden', 'Kosenie záhrady', 'Pravidelné kosenie trávnika 600 m².', 'gardening', 3);
  await make('lights', 'Nové svetlá v obývačke', 'Osem LED bodoviek do podhľadu.', 'electrical', 4);
  await make(
    'boiler',
    'Servis kotla',
    'Kondenzačný kotol Vaillant, ročná prehliadka.',
    'heating_gas_sanitary',
    5,
  );
  await make('cz', 'Výměna kohoutku', 'Kapající baterie v koupelně, Brno.', 'plumbing', 6);
  await make(
    'hidden',
    'Kúpeľňa vypnutého účtu',
    'Tento klient je deaktivovaný, nemá byť vidieť.',
    'tiling',
    7,
    disabled,
  );
  await createWorkRequest(database.db, client, {
    title: 'Pridelená kúpeľňa',
    description: 'Už pridelená práca.',
    status: 'ASSIGNED',
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('GET /api/work-requests', () => {
  it('lists open requests of active clients only, newest first, as cards without contact data', async () => {
    const body = (await new Agent(app).get('/api/work-requests')).json();
    expect(body.work_requests.map((r: { id: string }) => r.id)).toEqual(
      ['bath', 'roof', 'garden', 'lights', 'boiler', 'cz'].map((key) => ids[key]),
    );
    expect(body.pagination).toEqual({ page: 1, total_pages: 1, total: 6, total_estimated: false });
    expect(JSON.stringify(body)).not.toMatch(/Hľadajúca|example\.test|contact/);
  });

  it('counts matches exactly up to 1 000, and says "more than 1 000" beyond', async () => {
    const client = await createClient(database.db);
    const insert = (from: number, to: number) =>
      database.db.execute(sql`
        insert into work_requests (client_id, title, description, category, location, contact_name, contact_email, created_at)
        select ${client.id}, 'Montáž okna číslo ' || n, 'Výmena starého okna za nové plastové.', 'windows_doors_shading',
               'Poprad', 'Klient', 'k@example.test', now() - n * interval '1 minute'
        from generate_series(${from}::int, ${to}::int) n`);
    await insert(1, 350);
    // One of them edited since: its newer version is the one shown, in its place.
    await database.db.execute(sql`
      update work_requests set description = 'Výmena dvoch okien za nové plastové.'
      where client_id = ${client.id} and title = 'Montáž okna číslo 3'`);
    await database.db.execute(sql`analyze work_requests`);
    const counted = (await new Agent(app).get('/api/work-requests?q=plastove&limit=100')).json();
    expect(counted.work_requests.map((r: { title: string }) => r.title)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Montáž okna číslo ${i + 1}`),
    );
    expect(counted.work_requests[2].description).toBe('Výmena dvoch okien za nové plastové.');
    expect(counted.pagination).toEqual({
      page: 1,
      total_pages: 4,
      total: 350,
      total_estimated: false,
    });

    await insert(351, 1050);
    await database.db.execute(sql`analyze work_requests`);
    const page = (await new Agent(app).get('/api/work-requests?q=plastove&limit=100')).json();
    expect(page.work_requests).toHaveLength(100);
    expect(page.pagination).toEqual({
      page: 1,
      total_pages: 11,
      total: 1000,
      total_estimated: true,
    });
    const deeper = (
      await new Agent(app).get('/api/work-requests?q=plastove&limit=100&page=10')
    ).json();
    expect(deeper.pagination).toMatchObject({ total_pages: 11, total_estimated: true });

    const last = (
      await new Agent(app).get('/api/work-requests?q=plastove&limit=100&page=11')
    ).json();
    expect(last.work_requests).toHaveLength(50);
    expect(last.pagination).toEqual({
      page: 11,
      total_pages: 11,
      total: 1050,
      total_estimated: false,
    });
    await database.db.execute(sql`delete from work_requests where client_id = ${client.id}`);
  });

  it('pages through results', async () => {
    const body = (await new Agent(app).get('/api/work-requests?page=2&limit=4')).json();
    expect(body.pagination).toEqual({ page: 2, total_pages: 2, total: 6, total_estimated: false });
    expect(body.work_requests).toHaveLength(2);
  });

  it.each(['limit=0', 'limit=101', 'page=0', 'page=abc', 'category=astrology'])(
    'refuses %s',
    async (query) => {
      const response = await new Agent(app).get(`/api/work-requests?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    },
  );

  it('filters by category', async () => {
    expect(titles(await search('category=roofing'))).toEqual(['Oprava strechy na garáži']);
  });

  describe('search', () => {
    it.each([
      ['kupelna', ['Nový obklad v kúpeľni']],
      ['KÚPEĽNI', ['Nový obklad v kúpeľni']],
      ['Kúpeľňa', ['Nový obklad v kúpeľni']],
      ['strech', ['Oprava strechy na garáži']],
      ['vaillant', ['Servis kotla']],
      ['koupelne', ['Výměna kohoutku']],
    ])('ignores accents and case: %s', async (q, expected) => {
      expect(titles(await search(`q=${encodeURIComponent(q)}`))).toEqual(expected);
    });

    it.each([
      ['strachy', ['Oprava strechy na garáži']],
      ['strchy', ['Oprava strechy na garáži']],
      ['kondenzacny kotl', ['Servis kotla']],
      ['trávnka', ['Kosenie záhrady']],
    ])('tolerates a typo: %s', async (q, expected) => {
      expect(titles(await search(`q=${encodeURIComponent(q)}`))).toEqual(expected);
    });

    it.each([
      ['sk', 'Elektroinštalačné práce'],
      ['en', 'electrical'],
      ['uk', 'Електро'],
      ['ru', 'электромонтаж'],
      ['cs', 'elektroinstalační'],
    ])('finds a category by its label in %s (%s)', async (_language, q) => {
      expect(titles(await search(`q=${encodeURIComponent(q)}`))).toContain(
        'Nové svetlá v obývačke',
      );
    });

    it('finds nothing for words nobody used, and combines with the category filter', async () => {
      expect((await search('q=xylofon')).work_requests).toEqual([]);
      expect((await search('q=kupelna&category=roofing')).work_requests).toEqual([]);
    });

    it("never shows a disabled client's or an assigned request", async () => {
      const found = titles(await search('q=kupelna'));
      expect(found).not.toContain('Kúpeľňa vypnutého účtu');
      expect(found).not.toContain('Pridelená kúpeľňa');
    });

    it('treats query syntax as plain words', async () => {
      const response = await new Agent(app).get(
        `/api/work-requests?q=${encodeURIComponent("kupel' & | ! :* ( )")}`,
      );
      expect(response.statusCode).toBe(200);
      expect(titles(response.json())).toEqual(['Nový obklad v kúpeľni']);
    });
  });
});
