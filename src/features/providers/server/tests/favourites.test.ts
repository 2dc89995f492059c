import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { whileAccountIsDeleted } from '../../../../../tests/support/deleting-account';
import { favouriteProviders, users } from '../../../../server/db/schema';

let h: AccountsHarness;
let client: { agent: Agent; id: string };
beforeAll(async () => {
  h = await accountsHarness();
  client = await h.signedIn('client');
});
afterAll(async () => h.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';

const listed = async (agent: Agent, query = '') => {
  const answer = await agent.get(`/api/me/favourites${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as {
    favourites: { id: string; name: string; saved_at: string }[];
    pagination: { total: number; total_pages: number };
  };
};

const setStatus = (id: string, accountStatus: 'active' | 'disabled') =>
  h.database.db.update(users).set({ accountStatus }).where(eq(users.id, id));

describe('favourite providers', () => {
  it('keeps a provider once, lists them newest first, and lets go of them', async () => {
    const me = await h.signedIn('client');
    const first = await h.signedIn('provider', { name: 'Prvý Majster' });
    const second = await h.signedIn('provider', { name: 'Druhý Majster' });

    const kept = await me.agent.put(`/api/me/favourites/${first.id}`);
    expect(kept.statusCode).toBe(200);
    // Again is the same: one row, its first date.
    const again = await me.agent.put(`/api/me/favourites/${first.id}`);
    expect(again.json().favourite.saved_at).toBe(kept.json().favourite.saved_at);
    await h.database.db
      .update(favouriteProviders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(favouriteProviders.providerId, first.id));
    await me.agent.put(`/api/me/favourites/${second.id}`);

    const both = await listed(me.agent);
    expect(both.favourites.map((one) => one.name)).toEqual(['Druhý Majster', 'Prvý Majster']);
    expect(both.pagination.total).toBe(2);
    expect((await listed(me.agent, '?limit=1&page=2')).favourites.map((one) => one.id)).toEqual([
      first.id,
    ]);

    // The heart on the provider's page says so.
    const page = await me.agent.get(`/api/providers/${first.id}`);
    expect(page.json().user.for_viewer).toEqual({
      allowed_actions: ['invite_to_bid', 'favourite'],
      favourite: true,
    });

    expect((await me.agent.delete(`/api/me/favourites/${first.id}`)).statusCode).toBe(204);
    expect((await me.agent.delete(`/api/me/favourites/${first.id}`)).statusCode).toBe(204);
    expect((await listed(me.agent)).favourites.map((one) => one.id)).toEqual([second.id]);
    // Another client's favourites are their own.
    expect((await listed(client.agent)).favourites).toEqual([]);
  });

  it('drops a disabled provider from the list until they are active again, and a deleted one for good', async () => {
    const me = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    await me.agent.put(`/api/me/favourites/${provider.id}`);

    await setStatus(provider.id, 'disabled');
    expect((await listed(me.agent)).favourites).toEqual([]);
    const refused = await me.agent.put(`/api/me/favourites/${provider.id}`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'provider_unavailable']);

    await setStatus(provider.id, 'active');
    expect((await listed(me.agent)).favourites.map((one) => one.id)).toEqual([provider.id]);

    await h.database.db.delete(users).where(eq(users.id, provider.id));
    expect((await listed(me.agent)).pagination.total).toBe(0);
  });

  it('marks the kept providers of a directory page', async () => {
    const me = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    await me.agent.put(`/api/me/favourites/${provider.id}`);
    const directory = (await me.agent.get('/api/providers?limit=20')).json();
    expect(directory.for_viewer.allowed_actions).toEqual(['invite_to_bid', 'favourite']);
    const listedIds = directory.providers.map((one: { id: string }) => one.id);
    expect(directory.for_viewer.favourite_ids).toEqual(
      listedIds.includes(provider.id) ? [provider.id] : [],
    );
    const forVisitor = (await h.agent().get('/api/providers')).json().for_viewer;
    expect(forVisitor).toEqual({ allowed_actions: [], favourite_ids: [] });
  });

  it('is for signed-in clients, about providers that exist', async () => {
    const provider = await h.signedIn('provider');
    const other = await h.signedIn('provider');
    const asProvider = await provider.agent.put(`/api/me/favourites/${other.id}`);
    expect([asProvider.statusCode, asProvider.json().error]).toEqual([403, 'client_only']);
    expect((await provider.agent.get('/api/me/favourites')).statusCode).toBe(403);
    expect((await h.agent().get('/api/me/favourites')).statusCode).toBe(401);
    expect((await h.agent().put(`/api/me/favourites/${other.id}`)).statusCode).toBe(401);

    const unknown = await client.agent.put(`/api/me/favourites/${NOBODY}`);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'provider_not_found']);
    // A client is not a provider to keep.
    const aClient = await h.signedIn('client');
    expect((await client.agent.put(`/api/me/favourites/${aClient.id}`)).statusCode).toBe(404);
    const malformed = await client.agent.put('/api/me/favourites/not-an-id');
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'validation_failed']);
  });

  it('kept while the provider’s account is being deleted: told they are gone, never a 5xx', async () => {
    const provider = await h.signedIn('provider');
    const answer = await whileAccountIsDeleted(h.database, provider.id, () =>
      client.agent.put(`/api/me/favourites/${provider.id}`),
    );
    expect([answer.statusCode, answer.json().error]).toEqual([404, 'provider_not_found']);
    const kept = await h.database.db
      .select()
      .from(favouriteProviders)
      .where(eq(favouriteProviders.providerId, provider.id));
    expect(kept).toEqual([]);
  });
});
