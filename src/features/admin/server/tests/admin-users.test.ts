import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { providerProfiles, users } from '../../../../server/db/schema';

let h: AccountsHarness;
let admin: Awaited<ReturnType<AccountsHarness['signedIn']>>;
beforeAll(async () => {
  h = await accountsHarness();
  admin = await h.signedIn('administrator');
});
afterAll(async () => h.close());

const send = (agent: Agent, method: InjectOptions['method'], url: string, payload?: object) =>
  agent.request({ method, url, ...(payload ? { payload } : {}) });

const ADMIN_PATHS = /^\/api\/(admin\/|work-requests\/admin\/)/;
const concrete = (url: string) =>
  url.replace(':role', 'client').replace(/:[A-Za-z]+/g, '6f1c1d3e-2a4b-4c5d-8e9f-0a1b2c3d4e5f');

describe('the admin guard', () => {
  it('refuses every admin route to visitors (401) and to clients and providers (403), audited', async () => {
    const routes = h.app.apiRoutes.filter(
      (route) => ADMIN_PATHS.test(route.url) && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const before = (await h.auditsOf('admin.access.denied')).length;
    const unexpected: string[] = [];
    for (const route of routes) {
      const url = concrete(route.url);
      const method = route.method as InjectOptions['method'];
      for (const [who, agent, status, error] of [
        ['visitor', h.agent(), 401, 'not_authenticated'],
        ['client', client.agent, 403, 'insufficient_permissions'],
        ['provider', provider.agent, 403, 'insufficient_permissions'],
      ] as const) {
        // Whatever the body: the guard answers before validation.
        const answer = await send(agent, method, url, method === 'GET' ? undefined : {});
        if (answer.statusCode !== status || answer.json().error !== error) {
          unexpected.push(`${who} ${route.method} ${url} → ${answer.statusCode} ${answer.body}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
    const denied = (await h.auditsOf('admin.access.denied')).slice(before);
    expect(denied).toHaveLength(routes.length * 3);
    expect(denied.filter((entry) => entry.actorId === client.id)).toHaveLength(routes.length);
    expect(denied.every((entry) => entry.outcome === 'failure')).toBe(true);
    // The route's pattern, never the ids or anything the caller sent.
    expect(denied.map((entry) => entry.message).join(' ')).not.toContain('6f1c1d3e');
  });
});

describe('clients and providers in the console', () => {
  it('lists clients or providers with filters, paging and the security cell', async () => {
    const tag = `zoznam${Date.now()}`;
    const made: Awaited<ReturnType<AccountsHarness['signedIn']>>[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(await h.signedIn('client', { name: `Ľuboš ${tag} ${i}` }));
    }
    await h.database.db
      .update(users)
      .set({ failedLoginAttempts: 5, lockUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, made[0]!.id));
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, made[1]!.id));

    const first = (
      await admin.agent.get(`/api/admin/users?user_type=client&search=lubos+${tag}`)
    ).json();
    expect(first.users).toHaveLength(10);
    expect(first.pagination).toEqual({ page: 1, total_pages: 2, total: 12 });
    const second = (
      await admin.agent.get(`/api/admin/users?user_type=client&search=${tag}&page=2`)
    ).json();
    expect(second.users).toHaveLength(2);
    const locked = [...first.users, ...second.users].find(
      (u: { id: string }) => u.id === made[0]!.id,
    );
    expect(locked).toMatchObject({
      role: 'client',
      failed_login_attempts: 5,
      is_locked: true,
      phone_number: '+421 900 123 456',
      provider: null,
    });
    expect(locked.lock_until).toEqual(expect.any(String));

    const disabled = (
      await admin.agent.get(
        `/api/admin/users?user_type=client&search=${tag}&account_status=disabled`,
      )
    ).json();
    expect(disabled.users.map((u: { id: string }) => u.id)).toEqual([made[1]!.id]);
    // A status left at "All" is sent empty: every status.
    const anyStatus = await admin.agent.get(
      `/api/admin/users?user_type=client&search=${tag}&account_status=`,
    );
    expect(anyStatus.statusCode, anyStatus.body).toBe(200);
    expect(anyStatus.json()).toEqual(first);
    // By email too, and only the asked role.
    const byEmail = (
      await admin.agent.get(`/api/admin/users?user_type=provider&search=${made[2]!.email}`)
    ).json();
    expect(byEmail.users).toEqual([]);

    const provider = await h.signedIn('provider', { name: `Majster ${tag}` });
    const providers = (
      await admin.agent.get(`/api/admin/users?user_type=provider&search=${tag}`)
    ).json();
    expect(providers.users).toHaveLength(1);
    expect(providers.users[0]).toMatchObject({
      id: provider.id,
      role: 'provider',
      phone_number: null,
      provider: { contact_email: provider.email, credits: 0 },
    });
  });

  it('answers validation errors with details', async () => {
    const missing = await admin.agent.get('/api/admin/users');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'validation_failed' });
    expect(missing.json().details[0].field).toBe('user_type');
    const bad = await admin.agent.get('/api/admin/users?user_type=client&account_status=locked');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({ field: 'account_status', message: 'choice_invalid' });
    const role = await admin.agent.get(`/api/admin/users/administrator/${admin.id}`);
    expect(role.statusCode).toBe(400);
  });

  it('shows one user only under their own role (404 otherwise)', async () => {
    const client = await h.signedIn('client');
    const shown = await admin.agent.get(`/api/admin/users/client/${client.id}`);
    expect(shown.json()).toMatchObject({ user_type: 'client', user: { id: client.id } });
    for (const url of [
      `/api/admin/users/provider/${client.id}`,
      `/api/admin/users/client/${admin.id}`,
      '/api/admin/users/client/00000000-0000-4000-8000-000000000000',
    ]) {
      const answer = await admin.agent.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error).toBe('user_not_found');
    }
    const status = await send(
      admin.agent,
      'PATCH',
      `/api/admin/users/provider/${client.id}/status`,
      {
        account_status: 'disabled',
      },
    );
    expect(status.statusCode).toBe(404);
  });

  it('edits a client (name, phone) with the phone rules, audited', async () => {
    const client = await h.signedIn('client');
    const url = `/api/admin/users/client/${client.id}`;
    const saved = await admin.agent.put(url, { name: '  Nové Meno ', phone_number: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ name: 'Nové Meno', phone_number: null });
    const bad = await admin.agent.put(url, { name: 'X', phone_number: '+421-900-123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'name_length' },
        { field: 'phone_number', message: 'phone_profile_invalid' },
      ]),
    );
    const [entry] = await h.auditsOf('admin.user.update', client.id);
    expect(entry).toMatchObject({
      actorType: 'administrator',
      actorId: admin.id,
      outcome: 'success',
    });
    expect(entry!.httpRequestId).toEqual(saved.headers['x-request-id']);
    expect(entry!.message).not.toContain('Nové');
  });

  it('edits a provider: empty numbers become 0, hourly rate not negative, credits whole', async () => {
    const provider = await h.signedIn('provider');
    const url = `/api/admin/users/provider/${provider.id}`;
    const saved = await admin.agent.put(url, {
      name: 'Peter Opravený',
      contact_email: 'kontakt@example.test',
      contact_phone: '+421 911 000 111',
      bio: 'Inštalatér',
      service_category: 'plumbing',
      location: 'Trnava',
      hourly_rate: '',
      experience_years: '',
      availability: 'Po–Pi',
      website: '',
      credits: '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.provider).toEqual({
      contact_email: 'kontakt@example.test',
      contact_phone: '+421 911 000 111',
      bio: 'Inštalatér',
      service_category: 'plumbing',
      location: 'Trnava',
      hourly_rate: 0,
      experience_years: 0,
      availability: 'Po–Pi',
      website: null,
      ico: null,
      credits: 0,
    });
    const numbers = await admin.agent.put(url, {
      name: 'Peter Opravený',
      contact_email: 'kontakt@example.test',
      hourly_rate: 25.5,
      experience_years: 12,
      credits: 40,
    });
    expect(numbers.json().user.provider).toMatchObject({
      hourly_rate: 25.5,
      experience_years: 12,
      credits: 40,
      bio: null,
    });
    const [row] = await h.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(row!.hourlyRateCents).toBe(2550);

    const bad = await admin.agent.put(url, {
      name: 'Peter',
      contact_email: 'not-an-email',
      contact_phone: '0900 123',
      hourly_rate: -1,
      experience_years: 101,
      credits: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'contact_email', message: 'email_invalid' },
        { field: 'contact_phone', message: 'phone_profile_invalid' },
        { field: 'hourly_rate', message: 'hourly_rate_invalid' },
        { field: 'experience_years', message: 'experience_invalid' },
        { field: 'credits', message: 'credits_invalid' },
      ]),
    );
    const script = await admin.agent.put(url, {
      name: 'Peter',
      contact_email: 'kontakt@example.test',
      website: 'javascript:alert(1)//x.sk',
    });
    expect(script.json().details).toContainEqual({ field: 'website', message: 'website_invalid' });
    const noEmail = await admin.agent.put(url, { name: 'Peter' });
    expect(noEmail.json().details).toContainEqual({ field: 'contact_email', message: 'required' });
  });
});
