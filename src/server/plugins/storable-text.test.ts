import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../tests/support/accounts-app';
import { requestForm } from '../../../tests/factories/files';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const NUL = 'zlé\u0000slovo';

describe('text PostgreSQL cannot keep as sent', () => {
  it('is refused with 400 validation_failed in JSON bodies, queries and multipart forms, never a 5xx', async () => {
    const admin = (await h.signedIn('administrator')).agent;
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const refused = (response: { statusCode: number; json(): { error: string } }) => {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    };

    refused(await admin.put(`/api/admin/users/client/${client.id}`, { name: NUL }));
    refused(
      await admin.request({
        method: 'DELETE',
        url: `/api/admin/users/client/${client.id}`,
        payload: { reason: NUL },
      }),
    );
    refused(await admin.get('/api/admin/audits?action=%00x'));
    refused(await client.agent.get('/api/work-requests?q=str%00echa'));
    refused(
      await client.agent.form(
        'POST',
        '/api/work-requests',
        requestForm({
          title: 'Oprava strechy',
          category: 'roofing',
          description: NUL.repeat(3),
          location: 'Nitra',
        }),
      ),
    );
    refused(await provider.agent.put('/api/users/profile', { name: NUL, contact_email: 'a@b.sk' }));

    // Nothing was written: the client is still there, with their own name.
    const still = await admin.get(`/api/admin/users/client/${client.id}`);
    expect(still.statusCode).toBe(200);
    expect(still.json().user.name).not.toContain('\u0000');
  });

  it('refuses half of a surrogate pair in a JSON body, and keeps a whole pair exactly as sent', async () => {
    const provider = await h.signedIn('provider');
    const lone = await provider.agent.put('/api/users/profile', {
      name: 'Ján \ud83d Kováč',
      contact_email: 'jan@example.sk',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error).toBe('validation_failed');

    const whole = await provider.agent.put('/api/users/profile', {
      name: 'Ján 🔧 Kováč',
      contact_email: 'jan@example.sk',
    });
    expect(whole.statusCode).toBe(200);
    const profile = await provider.agent.get('/api/users/profile');
    expect(profile.json().user.name).toBe('Ján 🔧 Kováč');
  });

  it('refuses a NUL character in a key as in a value', async () => {
    const response = await h.agent('10.9.1.1').post('/api/csp-report', {
      'csp-report': { 'blocked-uri\u0000': 'https://evil.example/x.js' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });
});
