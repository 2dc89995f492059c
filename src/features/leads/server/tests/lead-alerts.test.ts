import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { person, PLACES, setAlerts, type AlertInput, type Person } from './leads-world';

/**
 * A provider's own lead alerts (GET/PUT /api/users/lead-alerts, docs/leads.md): the list as
 * written, its limits and refusals, who may keep one, and the first alert made once from a
 * completed profile's service area.
 */
let h: AccountsHarness;

beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => {
  await h.close();
});

const plumbingAroundPresov: AlertInput = {
  categories: ['plumbing'],
  place_id: PLACES.presov,
  radius_km: 40,
};

const put = (someone: Person, body: object) => someone.agent.put('/api/users/lead-alerts', body);
const alertsOf = async (someone: Person) => {
  const answer = await someone.agent.get('/api/users/lead-alerts');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().alerts as { id: string; place: { id: number; name: string } }[];
};

describe('a provider keeps alerts', () => {
  it('reads back what was written, with the town in the page language', async () => {
    const provider = await person(h, 'provider');
    const saved = await setAlerts(provider, [
      { ...plumbingAroundPresov, words: ['  bojler ', 'Kúpeľňa'], frequency: 'daily' },
      { categories: ['tiling', 'masonry', 'tiling'], place_id: PLACES.kosice, radius_km: 5 },
    ]);
    expect(saved).toEqual([
      {
        id: expect.any(String),
        categories: ['plumbing'],
        place_id: PLACES.presov,
        place: expect.objectContaining({ id: PLACES.presov, name: 'Prešov', country: 'SK' }),
        radius_km: 40,
        words: ['bojler', 'Kúpeľňa'],
        frequency: 'daily',
      },
      expect.objectContaining({
        categories: ['tiling', 'masonry'],
        place: expect.objectContaining({ name: 'Košice' }),
        radius_km: 5,
        words: [],
        frequency: 'instant',
      }),
    ]);
    expect(await alertsOf(provider)).toEqual(saved);
    provider.agent.cookies.set('lang', 'uk');
    const [presov] = await alertsOf(provider);
    expect(presov!.place.name).toMatch(/^[А-ЯҐЄІЇа-яґєії' -]+$/);
    provider.agent.cookies.set('lang', 'sk');
  });

  it('keeps the ids of kept alerts, drops the ones left out and adds new ones', async () => {
    const provider = await person(h, 'provider');
    const [first, second] = await setAlerts(provider, [
      plumbingAroundPresov,
      { ...plumbingAroundPresov, place_id: PLACES.kosice },
    ]);
    const next = await setAlerts(provider, [
      { ...first!, radius_km: 60 },
      { ...plumbingAroundPresov, place_id: PLACES.sabinov },
    ]);
    expect(next.map((alert) => alert.id)).toContain(first!.id);
    expect(next.map((alert) => alert.id)).not.toContain(second!.id);
    expect(next.find((alert) => alert.id === first!.id)!.radius_km).toBe(60);
    expect(next).toHaveLength(2);
    expect(await setAlerts(provider, [])).toEqual([]);
  });

  it('cannot reach another provider alert by its id: that id makes a new alert of ones own', async () => {
    const owner = await person(h, 'provider');
    const [theirs] = await setAlerts(owner, [plumbingAroundPresov]);
    const intruder = await person(h, 'provider');
    const [mine] = await setAlerts(intruder, [{ ...plumbingAroundPresov, id: theirs!.id }]);
    expect(mine!.id).not.toBe(theirs!.id);
    expect(await alertsOf(owner)).toEqual([expect.objectContaining({ id: theirs!.id })]);
  });
});

describe('a list the server refuses, whole', () => {
  let provider: Person;
  beforeAll(async () => {
    provider = await person(h, 'provider');
    await setAlerts(provider, [plumbingAroundPresov]);
  });

  const refused = async (body: object, status: number, code: string) => {
    const answer = await put(provider, body);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().error).toBe(code);
    expect(answer.body).not.toMatch(/select|insert|lead_alerts|at .*\.ts/i);
    // Nothing of it was stored.
    expect(await alertsOf(provider)).toEqual([
      expect.objectContaining({ place: expect.objectContaining({ id: PLACES.presov }) }),
    ]);
  };
  const withAlert = (change: Record<string, unknown>) => ({
    alerts: [{ ...plumbingAroundPresov, words: [], frequency: 'instant', ...change }],
  });

  it('more than 10 alerts', async () => {
    const eleven = Array.from({ length: 11 }, () => ({
      ...plumbingAroundPresov,
      words: [],
      frequency: 'instant',
    }));
    await refused({ alerts: eleven }, 400, 'too_many_alerts');
    expect(await put(provider, { alerts: eleven.slice(1) })).toHaveProperty('statusCode', 200);
    await setAlerts(provider, [plumbingAroundPresov]);
  });

  it('a radius outside 5 to 200 km, or not a whole number', async () => {
    for (const radius of [4, 201, 0, -30, 30.5, '30', null]) {
      await refused(withAlert({ radius_km: radius }), 400, 'validation_failed');
    }
  });

  it('a place the gazetteer does not know', async () => {
    await refused(withAlert({ place_id: 999_999_999 }), 400, 'unknown_place');
    await refused(withAlert({ place_id: -1 }), 400, 'validation_failed');
    await refused(withAlert({ place_id: '723819' }), 400, 'validation_failed');
  });

  it('words with a NUL or control character, too long, too many or empty', async () => {
    await refused(withAlert({ words: ['bojler\u0000'] }), 400, 'validation_failed');
    await refused(withAlert({ words: ['boj\u0007ler'] }), 400, 'validation_failed');
    await refused(withAlert({ words: ['x'.repeat(41)] }), 400, 'validation_failed');
    await refused(withAlert({ words: ['   '] }), 400, 'validation_failed');
    await refused(
      withAlert({ words: Array.from({ length: 11 }, (_, i) => `slovo${i}`) }),
      400,
      'validation_failed',
    );
    await refused(withAlert({ words: 'bojler, kúpeľňa' }), 400, 'validation_failed');
  });

  it('a megabyte of words is refused unread', async () => {
    await refused(withAlert({ words: ['x'.repeat(1024 * 1024)] }), 413, 'payload_too_large');
  });

  it('wrong types and unknown fields', async () => {
    await refused({}, 400, 'validation_failed');
    await refused({ alerts: 'all' }, 400, 'validation_failed');
    await refused(withAlert({ categories: [] }), 400, 'validation_failed');
    await refused(withAlert({ categories: 'plumbing' }), 400, 'validation_failed');
    await refused(withAlert({ categories: ['astrology'] }), 400, 'validation_failed');
    await refused(withAlert({ frequency: 'weekly' }), 400, 'validation_failed');
    await refused(withAlert({ id: 'not-a-uuid' }), 400, 'validation_failed');
    await refused(withAlert({ user_id: provider.id }), 400, 'validation_failed');
  });
});

describe('who may keep alerts', () => {
  it('a client or an administrator is told only providers keep them', async () => {
    for (const role of ['client', 'administrator'] as const) {
      const someone = await person(h, role);
      const read = await someone.agent.get('/api/users/lead-alerts');
      expect(read.statusCode).toBe(403);
      expect(read.json().error).toBe('provider_only');
      const write = await put(someone, { alerts: [] });
      expect(write.statusCode).toBe(403);
      expect(write.json().error).toBe('provider_only');
    }
  });

  it('nobody signed out, and no write without the CSRF header', async () => {
    const visitor = h.agent();
    expect((await visitor.get('/api/users/lead-alerts')).statusCode).toBe(401);
    expect((await put({ agent: visitor } as Person, { alerts: [] })).statusCode).toBe(401);
    const provider = await person(h, 'provider');
    const forged = await provider.agent.request({
      method: 'PUT',
      url: '/api/users/lead-alerts',
      payload: { alerts: [] },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('csrf_invalid');
  });
});

describe('the first alert from the service area', () => {
  /** The profile form with every checklist item filled, the picture and this service area. */
  const completeProfile = async (provider: Person, area: Record<string, string>) => {
    const form = new FormData();
    const fields = {
      name: provider.name,
      contact_email: provider.email,
      bio: 'Inštalatér s dvadsaťročnou praxou, robím aj kúrenie.',
      service_category: 'plumbing',
      location: 'Sídlisko III',
      hourly_rate: '25',
      ...area,
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('profile_picture', new Blob([PNG], { type: 'image/png' }), 'ja.png');
    const saved = await provider.agent.form('PUT', '/api/users/profile', form);
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const aroundPresov = {
    place_id: String(PLACES.presov),
    service_radius_km: '40',
    service_categories: 'plumbing,heating_gas_sanitary',
  };

  it('is made once when the profile becomes complete, and not again once deleted', async () => {
    const provider = await person(h, 'provider');
    await completeProfile(provider, aroundPresov);
    const alerts = await alertsOf(provider);
    expect(alerts).toEqual([
      expect.objectContaining({
        place_id: PLACES.presov,
        radius_km: 40,
        words: [],
        frequency: 'instant',
      }),
    ]);
    expect([...(alerts[0] as unknown as { categories: string[] }).categories].sort()).toEqual([
      'heating_gas_sanitary',
      'plumbing',
    ]);
    // Saving again changes nothing; deleted, it does not come back.
    await completeProfile(provider, aroundPresov);
    expect(await alertsOf(provider)).toHaveLength(1);
    await setAlerts(provider, []);
    await completeProfile(provider, aroundPresov);
    expect(await alertsOf(provider)).toEqual([]);
  });

  it('takes the one service category and 30 km when the area names no more', async () => {
    const provider = await person(h, 'provider');
    await completeProfile(provider, { place_id: String(PLACES.kosice) });
    expect(await alertsOf(provider)).toEqual([
      expect.objectContaining({ categories: ['plumbing'], place_id: PLACES.kosice, radius_km: 30 }),
    ]);
  });

  it('waits for the profile to be complete', async () => {
    const provider = await person(h, 'provider');
    const form = new FormData();
    form.set('name', provider.name);
    form.set('contact_email', provider.email);
    form.set('service_category', 'plumbing');
    form.set('place_id', String(PLACES.sabinov));
    expect((await provider.agent.form('PUT', '/api/users/profile', form)).statusCode).toBe(200);
    expect(await alertsOf(provider)).toEqual([]);
    // The rest comes later: that save makes the alert.
    await completeProfile(provider, { place_id: String(PLACES.sabinov) });
    expect(await alertsOf(provider)).toEqual([
      expect.objectContaining({ place_id: PLACES.sabinov }),
    ]);
  });
});
