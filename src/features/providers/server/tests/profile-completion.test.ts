import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { PNG, file } from '../../../../../tests/factories/files';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

function profileForm(fields: Record<string, string>, picture?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (picture) form.set('profile_picture', picture);
  return form;
}

describe("a provider's profile completion", () => {
  it('lists what a new profile lacks, shrinks as fields are saved, and is empty once complete', async () => {
    const provider = await h.signedIn('provider', { name: 'Nový Majster' });
    const completion = async () =>
      (await provider.agent.get('/api/auth/session')).json().user.provider_profile
        .profile_completion;
    expect(await completion()).toEqual({
      missing: ['service_category', 'place_id', 'profile_picture', 'hourly_rate', 'bio'],
    });

    const base = { name: 'Nový Majster', contact_email: 'novy@majster.test' };
    const saved = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      // Where they work is a town of the gazetteer (Prešov); the free text is only its detail.
      profileForm({ ...base, service_category: 'plumbing', place_id: '723819', bio: '   ' }),
    );
    expect(saved.statusCode).toBe(200);
    // The answer to the save carries it too, so the screen is current without another read.
    expect(saved.json().user.provider_profile.profile_completion).toEqual({
      missing: ['profile_picture', 'hourly_rate', 'bio'],
    });

    const complete = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm(
        {
          ...base,
          service_category: 'plumbing',
          place_id: '723819',
          location: 'Solivar',
          hourly_rate: '0',
          bio: 'Voda, kúrenie, plyn.',
        },
        file(PNG, 'ja.png', 'image/png'),
      ),
    );
    expect(complete.statusCode).toBe(200);
    expect(await completion()).toEqual({ missing: [] });
  });

  it('is not sent for a client, who has no provider profile', async () => {
    const client = await h.signedIn('client');
    expect((await client.agent.get('/api/auth/session')).json().user.provider_profile).toBeNull();
  });
});
