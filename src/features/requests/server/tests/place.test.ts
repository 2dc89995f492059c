import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { PNG, file, requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { workRequests } from '../../../../server/db/schema';

/** Places of the committed gazetteer (docs/places.md). */
const KOSICE = 724443;
const PRESOV = 723819;

let h: AccountsHarness;
let client: Agent;
let clientId: string;
beforeAll(async () => {
  h = await accountsHarness();
});
// Each test posts as a client of its own: posts count in the upload rate-limit group.
beforeEach(async () => {
  ({ agent: client, id: clientId } = await h.signedIn('client'));
});
afterAll(async () => h.close());

const fields = {
  title: 'Upchatý odtok v kuchyni',
  category: 'plumbing',
  description: 'Voda v dreze stojí, treba prečistiť odpad.',
  location: 'Juh, pri stanici',
};

const post = (extra: Record<string, string>, files: File[] = []) =>
  client.form('POST', '/api/work-requests', requestForm({ ...fields, ...extra }, files));

const requestsOfClient = () =>
  h.database.db
    .select({ placeId: workRequests.placeId, location: workRequests.location })
    .from(workRequests)
    .where(eq(workRequests.clientId, clientId));

describe('a request’s place', () => {
  it('is stored with the request and answered as the town, beside the detail line', async () => {
    const response = await post({ place_id: String(KOSICE) });
    expect(response.statusCode).toBe(201);
    const created = response.json().work_request;
    expect(created.location).toBe('Juh, pri stanici');
    expect(created.place).toMatchObject({ id: KOSICE, name: 'Košice', country: 'SK' });
    expect(created.place.region).toEqual(expect.any(String));
    expect(created.place.lat).toBeCloseTo(48.72, 1);
    expect(created.place.lon).toBeCloseTo(21.26, 1);
    expect(await requestsOfClient()).toEqual([{ placeId: KOSICE, location: 'Juh, pri stanici' }]);
  });

  it('is named in the language of whoever reads the request', async () => {
    const { work_request: created } = (await post({ place_id: String(PRESOV) })).json();
    const reader = await h.signedIn('provider');
    reader.agent.cookies.set('lang', 'ru');
    const inRussian = await reader.agent.get(`/api/work-requests/${created.id}`);
    expect(inRussian.statusCode).toBe(200);
    expect(inRussian.json().work_request.place).toMatchObject({ id: PRESOV, name: 'Прешов' });
    reader.agent.cookies.set('lang', 'sk');
    const inSlovak = await reader.agent.get(`/api/work-requests/${created.id}`);
    expect(inSlovak.json().work_request.place.name).toBe('Prešov');
  });

  it('is named as the detail line writes it when the line starts with one of its names', async () => {
    const { work_request: created } = (
      await post({ place_id: String(KOSICE), location: 'Kosice - Juh' })
    ).json();
    const reader = await h.signedIn('provider');
    reader.agent.cookies.set('lang', 'ru');
    const answer = (await reader.agent.get(`/api/work-requests/${created.id}`)).json();
    // "Košice - Juh" on the page, not "Кошице · Kosice - Juh".
    expect(answer.work_request.place).toMatchObject({ id: KOSICE, name: 'Košice' });
  });

  it('may be left out, as the spec’s form is: the request has no place', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(201);
    expect(response.json().work_request.place).toBeNull();
    expect(await requestsOfClient()).toEqual([{ placeId: null, location: 'Juh, pri stanici' }]);
  });

  it('refuses a place the gazetteer does not know, storing neither the request nor its files', async () => {
    const before = h.storedFiles().length;
    const response = await post({ place_id: '999999999' }, [file(PNG, 'odtok.png', 'image/png')]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('unknown_place');
    expect(await requestsOfClient()).toEqual([]);
    expect(h.storedFiles().length).toBe(before);
  });

  it.each([
    ['a word', 'Košice'],
    ['a fraction', '724443.5'],
    ['a negative number', '-724443'],
    ['zero', '0'],
    ['a number too large for the column', '2147483648'],
    ['a huge number', '9'.repeat(400)],
    ['digits with a NUL', '724443\u0000'],
  ])('refuses %s as the place with 400 and writes nothing', async (_kind, value) => {
    const response = await post({ place_id: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
    expect(response.body).not.toMatch(/postgres|sql|integer|stack/i);
    expect(await requestsOfClient()).toEqual([]);
  });

  it('keeps the detail line required, as the spec does (core §5 Location)', async () => {
    const response = await post({ place_id: String(KOSICE), location: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field: 'location', message: 'required' });
  });
});

describe('the town filter and the search words', () => {
  /** The titles of the listed requests Browse answers for `query`, in the reader's language. */
  const found = async (query: string) => {
    const response = await h.agent().get(`/api/work-requests?${query}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as {
      work_requests: { title: string }[];
      pagination: { total: number };
    };
    expect(answer.pagination.total).toBe(answer.work_requests.length);
    return answer.work_requests.map((request) => request.title);
  };

  it('find a request by the town it was placed in, in any of our languages, whatever its detail line says', async () => {
    // A title of this test's own, so that other tests' requests in these towns do not count.
    const title = 'Zatekajúca batéria zmiešavač';
    const placed = await post({ title, place_id: String(KOSICE), location: 'Juh, pri stanici' });
    expect(placed.statusCode).toBe(201);
    const unplaced = await post({ title: `${title} druhý`, location: 'Juh, pri stanici' });
    expect(unplaced.statusCode).toBe(201);

    for (const town of ['Košice', 'kosice', 'Кошице', 'Кошиці', 'Koš']) {
      expect(await found(`location=${encodeURIComponent(town)}&q=zmiesavac`)).toEqual([title]);
    }
    expect(await found(`q=${encodeURIComponent('zmiešavač Кошице')}`)).toEqual([title]);
    expect(await found(`location=${encodeURIComponent('Prešov')}&q=zmiesavac`)).toEqual([]);
    // The detail line still counts, for both: "Juh" is in it.
    expect((await found('location=juh&q=zmiesavac')).sort()).toEqual([title, `${title} druhý`]);
  });
});

describe('the town suggestions', () => {
  const suggestions = async (prefix: string) => {
    const response = await h
      .agent()
      .get(`/api/work-requests/locations?prefix=${encodeURIComponent(prefix)}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { locations: string[] }).locations;
  };

  it('offer the places of open requests in each spelling that starts so, before detail lines', async () => {
    expect(await suggestions('Sabin')).toEqual([]);
    const posted = await post({ place_id: String(723674), location: 'Sabinovská cesta 3' });
    expect(posted.statusCode).toBe(201);
    expect(await suggestions('sabin')).toEqual(['Sabinov', 'Sabinovská cesta 3']);
    expect((await suggestions('Сабин')).sort()).toEqual(['Сабинов', 'Сабинів'].sort());
    // Two places of one name, each with an open request: the name once.
    for (const komarno of [3059435, 3059436]) {
      expect((await post({ place_id: String(komarno), location: 'Pri Dunaji' })).statusCode).toBe(
        201,
      );
    }
    expect(await suggestions('komarn')).toEqual(['Komárno']);
    // The place is offered while it has an open request, and not after.
    await client.delete(`/api/work-requests/${posted.json().work_request.id}`);
    expect(await suggestions('sabin')).toEqual([]);
  });
});

describe('a card', () => {
  it('names its place in the reader’s language, and none for a request without one', async () => {
    const title = 'Oprava kúpeľňovej batérie';
    expect((await post({ title, place_id: String(KOSICE) })).statusCode).toBe(201);
    expect((await post({ title: `${title} bez miesta` })).statusCode).toBe(201);
    // A detail line that starts with the town, written in Slovak.
    const written = `${title} na Juhu`;
    expect(
      (await post({ title: written, place_id: String(KOSICE), location: 'Kosice - Juh' }))
        .statusCode,
    ).toBe(201);
    const cards = async (language: string) => {
      const reader = h.agent();
      reader.cookies.set('lang', language);
      const response = await reader.get('/api/work-requests?q=kupelnovej%20baterie');
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toBe('Cookie');
      const list = response.json().work_requests as { title: string; place_name: string | null }[];
      return Object.fromEntries(list.map((card) => [card.title, card.place_name]));
    };
    // Beside a detail line that starts with one of its names, that name: "Košice - Juh" reads the
    // same in every language, not "Кошице · Kosice - Juh".
    expect(await cards('ru')).toEqual({
      [title]: 'Кошице',
      [`${title} bez miesta`]: null,
      [written]: 'Košice',
    });
    expect(await cards('sk')).toEqual({
      [title]: 'Košice',
      [`${title} bez miesta`]: null,
      [written]: 'Košice',
    });
    // My requests too, in the client's language.
    client.cookies.set('lang', 'uk');
    const mine = (await client.get('/api/work-requests/my')).json().work_requests;
    expect(mine.map((card: { place_name: string | null }) => card.place_name).sort()).toEqual([
      'Košice',
      null,
      'Кошиці',
    ]);
  });
});
