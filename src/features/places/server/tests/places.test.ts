import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, workRequests } from '../../../../server/db/schema';
import { createWorkRequest } from '../../../../../tests/factories';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type pg from 'pg';
import { importPlaces, matchLocations } from '..';
import { poolOf } from '../../../../server/db/database';

/** GeoNames ids of the places these tests name. */
const PRESOV = 723819;
const KOSICE = 724443;
const SABINOV = 723674;
const BRATISLAVA = 3060972;

let h: AccountsHarness;

beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h?.close());

async function search(q: string, language?: string) {
  const agent = h.agent();
  if (language) agent.cookies.set('lang', language);
  const answer = await agent.get(`/api/places?q=${encodeURIComponent(q)}`);
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { places: { id: number; name: string; region: string }[] }).places;
}

describe('GET /api/places', () => {
  it('finds Košice however it is typed: without accents, in Cyrillic, with a letter missing', async () => {
    for (const typed of [
      'Košice',
      'kosice',
      'KOSICE',
      'Кошице',
      'кошице',
      'kosce',
      'Kosice - Juh',
    ]) {
      expect((await search(typed))[0], typed).toMatchObject({ id: KOSICE, name: 'Košice' });
    }
  });

  it('names places and regions in the language of the request', async () => {
    expect((await search('Prešov', 'ru'))[0]).toMatchObject({
      id: PRESOV,
      name: 'Прешов',
      region: 'Прешовский край',
    });
    expect((await search('Prešov', 'uk'))[0]).toMatchObject({ name: 'Пряшів' });
    expect((await search('Kyiv', 'sk'))[0]).toMatchObject({ name: 'Kyjiv', region: 'Kyjev' });
    expect((await search('Kyiv', 'en'))[0]).toMatchObject({ name: 'Kyiv' });
  });

  it('puts the larger places first among those that begin alike', async () => {
    const found = await search('b');
    expect(found[0]).toMatchObject({ id: BRATISLAVA });
    expect((await search('kosice')).map((place) => place.id).slice(0, 1)).toEqual([KOSICE]);
  });

  it('finds a town by a word of its name', async () => {
    const names = (await search('bystrica')).map((place) => place.name);
    expect(names).toContain('Banská Bystrica');
  });

  it('answers 400 to an empty, a too long or a NUL query, and an absurd limit', async () => {
    for (const query of [
      'q=',
      `q=${'a'.repeat(101)}`,
      'q=%00',
      'q=ko&limit=0',
      'q=ko&limit=21',
      'q=ko&limit=x',
    ]) {
      const answer = await h.agent().get(`/api/places?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation_failed' });
    }
  });
});

describe('the locations written before places existed', () => {
  it('get the place they name unambiguously, and no other', async () => {
    const client = await h.signedIn('client');
    const person = { ...client, name: 'Jana' };
    const located = {
      'Kosice - Juh': KOSICE,
      'Prešov, sídlisko Sekčov': PRESOV,
      'BRATISLAVA (Ružinov)': BRATISLAVA,
      sabinov: SABINOV,
    } as const;
    const unmatched = ['U nás na dedine', 'Nowhere 12'];
    const ids = new Map<string, number | null>();
    for (const [location, place] of Object.entries(located)) {
      const request = await createWorkRequest(h.database.db, person, { location });
      ids.set(request.id, place);
    }
    for (const location of unmatched) {
      const request = await createWorkRequest(h.database.db, person, { location });
      ids.set(request.id, null);
    }
    await h.database.db
      .update(clientProfiles)
      .set({ location: 'Košice' })
      .where(eq(clientProfiles.userId, client.id));

    await matchLocations(poolOf(h.database.db));

    const rows = await h.database.db
      .select({ id: workRequests.id, placeId: workRequests.placeId })
      .from(workRequests)
      .where(inArray(workRequests.id, [...ids.keys()]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.placeId]))).toEqual(
      Object.fromEntries(ids),
    );
    // A matched request is found by its place's names too (migration 0041), in any language.
    const named = await h.database.db
      .select({ placeId: workRequests.placeId, placeNames: workRequests.placeNames })
      .from(workRequests)
      .where(inArray(workRequests.id, [...ids.keys()]));
    expect(
      named
        .find((row) => row.placeId === KOSICE)
        ?.placeNames?.split(' ')
        .sort(),
    ).toEqual(['Košice', 'Кошице', 'Кошиці']);
    expect(named.filter((row) => row.placeId === null).map((row) => row.placeNames)).toEqual([
      null,
      null,
    ]);
    const [profile] = await h.database.db
      .select({ placeId: clientProfiles.placeId })
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, client.id));
    expect(profile?.placeId).toBe(KOSICE);
  });
});

describe('a new extract of the places', () => {
  it('names the requests of a renamed place anew, in their search words too', async () => {
    const client = await h.signedIn('client');
    const request = await createWorkRequest(
      h.database.db,
      { ...client, name: 'Jana' },
      { location: 'Juh, pri stanici', placeId: KOSICE },
    );
    const pool = poolOf(h.database.db);
    const named = async () => {
      const { rows } = await pool.query<{ place_names: string; kassa: boolean; kosice: boolean }>(
        `select place_names,
                search_vector @@ to_tsquery('simple', 'kassa:*C') as kassa,
                search_vector @@ to_tsquery('simple', 'kosice:*C') as kosice
           from work_requests where id = $1`,
        [request.id],
      );
      return rows[0]!;
    };
    // As an older extract named it, imported before this one.
    await pool.query(
      `update places set names = names || '{"sk": "Kassa", "cs": "Kassa", "en": "Kassa"}' where id = $1`,
      [KOSICE],
    );
    await pool.query('update work_requests set place_id = place_id where id = $1', [request.id]);
    await pool.query("update places_imports set version = 'older'");
    expect(await named()).toMatchObject({ kassa: true, kosice: false });

    const connection = await pool.connect();
    try {
      await importPlaces(connection as unknown as pg.Client);
    } finally {
      connection.release();
    }
    const now = await named();
    expect(now.place_names.split(' ').sort()).toEqual(['Košice', 'Кошице', 'Кошиці']);
    expect(now).toMatchObject({ kassa: false, kosice: true });
  });
});
