import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { providerProfiles } from '../../../../server/db/schema';

/** Places of the committed gazetteer (docs/places.md). */
const PRESOV = 723819;
const SABINOV = 723674;

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const base = { name: 'Peter Inštalatér', contact_email: 'peter@instalater.test' };

const areaOf = async (id: string) => {
  const [row] = await h.database.db
    .select({
      placeId: providerProfiles.placeId,
      serviceRadiusKm: providerProfiles.serviceRadiusKm,
      serviceCategories: providerProfiles.serviceCategories,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, id));
  return row;
};

function multipart(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) form.append(name, one);
  return form;
}

describe('a provider’s service area', () => {
  let provider: { agent: Agent; id: string };
  beforeAll(async () => {
    provider = await h.signedIn('provider', { name: base.name });
  });

  it('is saved from JSON with the trade first, and answered on the profile and the public page', async () => {
    const saved = await provider.agent.put('/api/users/profile', {
      ...base,
      service_category: 'plumbing',
      place_id: PRESOV,
      service_radius_km: 40,
      service_categories: ['heating_gas_sanitary', 'plumbing', 'heating_gas_sanitary'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.provider_profile).toMatchObject({
      place: { id: PRESOV, name: 'Prešov', country: 'SK' },
      service_radius_km: 40,
      service_categories: ['plumbing', 'heating_gas_sanitary'],
    });
    expect(await areaOf(provider.id)).toEqual({
      placeId: PRESOV,
      serviceRadiusKm: 40,
      serviceCategories: ['plumbing', 'heating_gas_sanitary'],
    });

    const visitor = h.agent();
    visitor.cookies.set('lang', 'uk');
    const page = await visitor.get(`/api/providers/${provider.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().user).toMatchObject({
      place: { id: PRESOV, name: 'Пряшів' },
      service_radius_km: 40,
      service_categories: ['plumbing', 'heating_gas_sanitary'],
      contact: null,
    });
  });

  it('is read from the browser’s form: text fields, the categories apart by commas or repeated', async () => {
    const commas = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      multipart({
        ...base,
        place_id: String(SABINOV),
        service_radius_km: '75',
        service_categories: 'tiling,masonry',
      }),
    );
    expect(commas.statusCode).toBe(200);
    expect(await areaOf(provider.id)).toEqual({
      placeId: SABINOV,
      serviceRadiusKm: 75,
      serviceCategories: ['tiling', 'masonry'],
    });

    const repeated = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      multipart({
        ...base,
        place_id: String(SABINOV),
        service_categories: ['roofing', 'painting'],
      }),
    );
    expect(repeated.statusCode).toBe(200);
    // No radius chosen: the default 30 km around the place.
    expect(await areaOf(provider.id)).toEqual({
      placeId: SABINOV,
      serviceRadiusKm: 30,
      serviceCategories: ['roofing', 'painting'],
    });
  });

  it('has no radius without a place, and the trade alone when no categories are chosen', async () => {
    const saved = await provider.agent.put('/api/users/profile', {
      ...base,
      service_category: 'electrical',
      service_radius_km: 50,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.provider_profile).toMatchObject({
      place: null,
      service_radius_km: null,
      service_categories: ['electrical'],
    });
  });

  it.each([
    ['an unknown place', { place_id: 999999999 }, 'unknown_place'],
    ['a place as a word', { place_id: 'Prešov' }, 'validation_failed'],
    ['a place as true', { place_id: true }, 'validation_failed'],
    ['a fractional place', { place_id: 723819.5 }, 'validation_failed'],
    ['a huge place id', { place_id: 1e30 }, 'validation_failed'],
    ['a place with a NUL', { place_id: '723819\u0000' }, 'validation_failed'],
    ['a radius under 5 km', { place_id: PRESOV, service_radius_km: 4 }, 'validation_failed'],
    ['a radius over 200 km', { place_id: PRESOV, service_radius_km: 201 }, 'validation_failed'],
    ['a radius as a word', { place_id: PRESOV, service_radius_km: 'far' }, 'validation_failed'],
    ['an unknown category', { service_categories: ['plumbing', 'astrology'] }, 'validation_failed'],
    ['categories as a number', { service_categories: 7 }, 'validation_failed'],
    [
      'too many categories',
      { service_categories: Array(27).fill('plumbing') },
      'validation_failed',
    ],
  ])('refuses %s with 400 and changes nothing', async (_kind, change, code) => {
    const before = await areaOf(provider.id);
    const response = await provider.agent.put('/api/users/profile', { ...base, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(code);
    expect(response.body).not.toMatch(/postgres|sql|stack/i);
    expect(await areaOf(provider.id)).toEqual(before);
  });

  it('makes the place part of a complete profile', async () => {
    const other = await h.signedIn('provider');
    const missing = async () =>
      (await other.agent.get('/api/users/profile')).json().user.provider_profile.profile_completion
        .missing;
    expect(await missing()).toContain('place_id');
    await other.agent.put('/api/users/profile', { ...base, place_id: PRESOV });
    expect(await missing()).not.toContain('place_id');
  });
});
