import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { clientProfiles } from '../../../../server/db/schema';

/** A place of the committed gazetteer (docs/places.md). */
const KOSICE = 724443;

let h: AccountsHarness;
let client: { agent: Agent; id: string };
beforeAll(async () => {
  h = await accountsHarness();
  client = await h.signedIn('client', { name: 'Klára Klientová' });
});
afterAll(async () => h.close());

const placeIdOf = async (id: string) => {
  const [row] = await h.database.db
    .select({ placeId: clientProfiles.placeId })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, id));
  return row?.placeId;
};

describe('a client’s usual place', () => {
  it('is saved with the profile and answered by the profile and the session', async () => {
    const saved = await client.agent.put('/api/users/profile', {
      name: 'Klára Klientová',
      place_id: KOSICE,
      location: 'Juh',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({
      location: 'Juh',
      place: { id: KOSICE, name: 'Košice', country: 'SK' },
      provider_profile: null,
    });
    expect((await client.agent.get('/api/auth/session')).json().user.place.id).toBe(KOSICE);
    expect(await placeIdOf(client.id)).toBe(KOSICE);
  });

  it('is named in the account’s language', async () => {
    expect(
      (await client.agent.put('/api/users/language', { preferred_language: 'ru' })).statusCode,
    ).toBe(200);
    const profile = (await client.agent.get('/api/users/profile')).json().user;
    expect(profile.place).toMatchObject({ id: KOSICE, name: 'Кошице' });
    await client.agent.put('/api/users/language', { preferred_language: 'sk' });
  });

  it('is taken as text from the browser’s multipart form, and cleared when left empty', async () => {
    const form = new FormData();
    form.set('name', 'Klára Klientová');
    form.set('place_id', String(KOSICE));
    expect((await client.agent.form('PUT', '/api/users/profile', form)).statusCode).toBe(200);
    expect(await placeIdOf(client.id)).toBe(KOSICE);

    form.set('place_id', '');
    const cleared = await client.agent.form('PUT', '/api/users/profile', form);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user.place).toBeNull();
    expect(await placeIdOf(client.id)).toBeNull();
  });

  it.each([
    ['an unknown place', 999999999, 'unknown_place'],
    ['a word', 'Košice', 'validation_failed'],
    ['a list', [KOSICE], 'validation_failed'],
    ['a NUL', `${KOSICE}\u0000`, 'validation_failed'],
    ['a huge number', '9'.repeat(1000), 'validation_failed'],
  ])('refuses %s as the place with 400 and keeps the saved one', async (_kind, value, code) => {
    await client.agent.put('/api/users/profile', { name: 'Klára Klientová', place_id: KOSICE });
    const response = await client.agent.put('/api/users/profile', {
      name: 'Klára Klientová',
      place_id: value,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(code);
    expect(response.body).not.toMatch(/postgres|sql|stack/i);
    expect(await placeIdOf(client.id)).toBe(KOSICE);
  });

  it('is not touched by an administrator’s correction of name and phone', async () => {
    await client.agent.put('/api/users/profile', { name: 'Klára Klientová', place_id: KOSICE });
    const admin = await h.signedIn('administrator');
    const corrected = await admin.agent.put(`/api/admin/users/client/${client.id}`, {
      name: 'Klára Opravená',
      phone_number: '+421 900 111 222',
    });
    expect(corrected.statusCode).toBe(200);
    expect(await placeIdOf(client.id)).toBe(KOSICE);
  });
});
