import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { whileAccountIsDeleted } from '../../../../../tests/support/deleting-account';
import {
  notifications,
  providerProfiles,
  requestInvitations,
  users,
  workRequests,
} from '../../../../server/db/schema';
import type { Category } from '../../../../shared/categories';

let h: AccountsHarness;
let client: { agent: Agent; id: string; email: string };
beforeAll(async () => {
  h = await accountsHarness();
  client = await h.signedIn('client', { name: 'Klára Súkromná' });
});
afterAll(async () => h.close());

/** A signed-in provider of these trades (their trade first). */
async function providerOf(...categories: Category[]) {
  const provider = await h.signedIn('provider');
  await h.database.db
    .update(providerProfiles)
    .set({ serviceCategory: categories[0] ?? null, serviceCategories: categories })
    .where(eq(providerProfiles.userId, provider.id));
  return provider;
}

async function openRequest(category: Category = 'plumbing') {
  const [owner] = await h.database.db.select().from(users).where(eq(users.id, client.id));
  return createWorkRequest(h.database.db, owner!, {
    category,
    title: `Oprava ${Math.random().toString(36).slice(2, 8)}`,
  });
}

const invite = (agent: Agent, providerId: string, workRequestId: string) =>
  agent.post(`/api/providers/${providerId}/invitations`, { work_request_id: workRequestId });

const invitationsTo = (userId: string) =>
  h.database.db
    .select({ data: notifications.data, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'invited_to_bid')));

describe('inviting a provider to bid', () => {
  it('tells the provider by inbox and mail, and marks their bid invited for the client alone', async () => {
    const provider = await providerOf('plumbing');
    const request = await openRequest();
    const since = h.mailbox.mails.length;

    const sent = await invite(client.agent, provider.id, request.id);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().invitation).toMatchObject({
      work_request_id: request.id,
      provider_id: provider.id,
      invited_count: 1,
    });

    const [told] = await invitationsTo(provider.id);
    expect(told).toEqual({
      link: `/request/${request.id}`,
      data: { work_request_id: request.id, title: request.title },
    });
    const mail = await h.mailbox.waitFor(provider.email, since);
    expect(mail.subject).toContain(request.title);
    expect(mail.links.some((link) => link.endsWith(`/request/${request.id}`))).toBe(true);
    // No contact of the client before a hire: neither their name nor their address.
    expect(mail.text).not.toContain('Klára Súkromná');
    expect(mail.text).not.toContain(client.email);

    // The request's page tells the invited provider so, and nobody else.
    const detail = async (agent: Agent) =>
      (await agent.get(`/api/work-requests/${request.id}`)).json().work_request.invited_you;
    expect(await detail(provider.agent)).toBe(true);
    expect(await detail((await providerOf('plumbing')).agent)).toBe(false);
    expect(await detail(client.agent)).toBe(false);

    const bid = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 90,
      description: 'Vymením tesnenie ešte tento týždeň.',
    });
    expect(bid.statusCode).toBe(201);
    expect(bid.json().bid.invited).toBe(false);
    const forClient = await client.agent.get(`/api/bids/work-request/${request.id}`);
    expect(forClient.json().bids.map((one: { invited: boolean }) => one.invited)).toEqual([true]);
    const forProvider = await provider.agent.get(`/api/bids/work-request/${request.id}`);
    expect(forProvider.json().bids[0].invited).toBe(false);
  });

  it('refuses, with a reason, a disabled provider, one of another trade, twice, and one who bid', async () => {
    const request = await openRequest('plumbing');
    const painter = await providerOf('painting');
    expect((await invite(client.agent, painter.id, request.id)).json().error).toBe(
      'category_mismatch',
    );
    const disabled = await providerOf('plumbing');
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled' })
      .where(eq(users.id, disabled.id));
    const refused = await invite(client.agent, disabled.id, request.id);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'provider_unavailable']);

    // A provider whose other categories include the request's is a match.
    const handyman = await providerOf('handyman', 'plumbing');
    expect((await invite(client.agent, handyman.id, request.id)).statusCode).toBe(201);
    expect((await invite(client.agent, handyman.id, request.id)).json().error).toBe(
      'already_invited',
    );

    const bidder = await providerOf('plumbing');
    await bidder.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 80,
      description: 'Môžem prísť zajtra popoludní.',
    });
    expect((await invite(client.agent, bidder.id, request.id)).json().error).toBe('already_bid');
    // Nobody refused was told anything.
    for (const one of [painter, disabled, bidder]) {
      expect(await invitationsTo(one.id)).toEqual([]);
    }
  });

  it('is for the client of an open request only', async () => {
    const provider = await providerOf('plumbing');
    const request = await openRequest();
    const other = await h.signedIn('client');
    expect((await invite(other.agent, provider.id, request.id)).json().error).toBe(
      'insufficient_permissions',
    );
    expect((await invite(provider.agent, provider.id, request.id)).json().error).toBe(
      'client_only',
    );
    expect((await invite(h.agent(), provider.id, request.id)).statusCode).toBe(401);
    const unknown = await invite(client.agent, '00000000-0000-4000-8000-000000000000', request.id);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'provider_not_found']);

    const cancelled = await openRequest();
    await h.database.db
      .update(workRequests)
      .set({ status: 'CANCELLED' })
      .where(eq(workRequests.id, cancelled.id));
    expect((await invite(client.agent, provider.id, cancelled.id)).json().error).toBe(
      'request_not_open',
    );
  });

  it('sends at most ten invitations a request, even when they arrive at once', async () => {
    const request = await openRequest('tiling');
    const providers = await Promise.all(Array.from({ length: 12 }, () => providerOf('tiling')));
    const answers = await Promise.all(
      providers.map((provider) => invite(client.agent, provider.id, request.id)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(
      answers.filter((answer) => answer.statusCode === 409).map((a) => a.json().error),
    ).toEqual(['invitation_limit_reached', 'invitation_limit_reached']);
    const told = await Promise.all(providers.map((provider) => invitationsTo(provider.id)));
    expect(told.filter((rows) => rows.length === 1)).toHaveLength(10);
  });

  it('invites a provider whose account is being deleted: told they are gone, never a 5xx', async () => {
    const provider = await providerOf('plumbing');
    const request = await openRequest();
    const answer = await whileAccountIsDeleted(h.database, provider.id, () =>
      invite(client.agent, provider.id, request.id),
    );
    expect([answer.statusCode, answer.json().error]).toEqual([404, 'provider_not_found']);
    const stored = await h.database.db
      .select()
      .from(requestInvitations)
      .where(eq(requestInvitations.workRequestId, request.id));
    expect(stored).toEqual([]);
  });

  it('lists the client’s open requests, saying which may invite the provider and why not', async () => {
    const fresh = await h.signedIn('client');
    const [owner] = await h.database.db.select().from(users).where(eq(users.id, fresh.id));
    const roofer = await providerOf('roofing');
    const roof = await createWorkRequest(h.database.db, owner!, {
      category: 'roofing',
      title: 'Výmena strešnej krytiny',
    });
    const garden = await createWorkRequest(h.database.db, owner!, {
      category: 'gardening',
      title: 'Kosenie záhrady',
    });
    await createWorkRequest(h.database.db, owner!, { category: 'roofing', status: 'ASSIGNED' });

    const before = await fresh.agent.get(`/api/providers/${roofer.id}/invitable-requests`);
    expect(before.statusCode).toBe(200);
    expect(before.json().max_invitations).toBe(10);
    const byId = (answer: typeof before) =>
      Object.fromEntries(
        (answer.json().requests as { id: string; refusal: string | null; invited: boolean }[]).map(
          (one) => [one.id, one],
        ),
      );
    expect(Object.keys(byId(before)).sort()).toEqual([roof.id, garden.id].sort());
    expect(byId(before)[garden.id]).toMatchObject({ refusal: 'category_mismatch', invited: false });
    expect(byId(before)[roof.id]).toMatchObject({ refusal: null, invited: false });

    await invite(fresh.agent, roofer.id, roof.id);
    const after = await fresh.agent.get(`/api/providers/${roofer.id}/invitable-requests`);
    expect(byId(after)[roof.id]).toMatchObject({
      refusal: 'already_invited',
      invited: true,
      invited_count: 1,
    });
    expect(
      (await roofer.agent.get(`/api/providers/${roofer.id}/invitable-requests`)).json().error,
    ).toBe('client_only');
  });

  it('offers the invitation on a provider’s page to signed-in clients only', async () => {
    const provider = await providerOf('plumbing');
    const page = async (agent: Agent) =>
      (await agent.get(`/api/providers/${provider.id}`)).json().user.for_viewer;
    expect(await page(client.agent)).toEqual({
      allowed_actions: ['invite_to_bid', 'favourite'],
      favourite: false,
    });
    expect(await page(h.agent())).toEqual({ allowed_actions: [], favourite: false });
    const admin = await h.signedIn('administrator');
    expect(await page(admin.agent)).toEqual({ allowed_actions: [], favourite: false });
  });
});
