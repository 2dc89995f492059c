import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { bids, users, workRequests } from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

async function postRequest(client: Agent, title = 'Výmena batérie v kuchyni') {
  const response = await client.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title,
      category: 'plumbing',
      description: 'Batéria kvapká, treba ju vymeniť.',
      location: 'Trnava',
    }),
  );
  return response.json().work_request as { id: string };
}

const bidBody = (workRequestId: string, extra: object = {}) => ({
  work_request_id: workRequestId,
  amount: 89.5,
  description: 'Prídem zajtra, výmena trvá hodinu.',
  ...extra,
});

describe('POST /api/bids', () => {
  it('lets a provider bid once on an open request, and mails the client', async () => {
    const client = await h.signedIn('client', { name: 'Klára Zadávateľka' });
    const request = await postRequest(client.agent);
    const provider = await h.signedIn('provider', { name: 'Inštalatér Ivan' });
    const since = h.mailbox.mails.length;
    const response = await provider.agent.post('/api/bids', bidBody(request.id));
    expect(response.statusCode).toBe(201);
    expect(response.json().bid).toMatchObject({
      amount: 89.5,
      status: 'PENDING',
      provider: { id: provider.id, name: 'Inštalatér Ivan' },
      work_request: { id: request.id, title: 'Výmena batérie v kuchyni' },
    });
    const [stored] = await h.database.db
      .select()
      .from(bids)
      .where(eq(bids.workRequestId, request.id));
    expect(stored!.amountCents).toBe(8950);
    const mail = await h.mailbox.waitFor(client.email, since);
    expect(mail.subject).toContain('Výmena batérie v kuchyni');
    expect(mail.text).toMatch(/89,50\s€/);

    const again = await provider.agent.post('/api/bids', bidBody(request.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('bid_already_exists');
  });

  it('keeps one bid when twenty identical bids arrive at once', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    const provider = await h.signedIn('provider');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => provider.agent.post('/api/bids', bidBody(request.id))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.statusCode === 409)
        .every((a) => a.json().error === 'bid_already_exists'),
    ).toBe(true);
    expect(
      await h.database.db.select().from(bids).where(eq(bids.workRequestId, request.id)),
    ).toHaveLength(1);
  });

  it.each([
    ['zero', { amount: 0 }, 'amount_invalid'],
    ['negative', { amount: -5 }, 'amount_invalid'],
    ['less than a cent', { amount: 1e-9 }, 'amount_invalid'],
    ['three decimals', { amount: 10.005 }, 'amount_decimals'],
    ['over a million', { amount: 1_000_000.01 }, 'amount_too_high'],
    ['a short message', { description: 'Lacno.' }, 'bid_description_length'],
  ])('refuses %s', async (_, change, message) => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    const provider = await h.signedIn('provider');
    const response = await provider.agent.post('/api/bids', bidBody(request.id, change));
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { message: string }) => d.message)).toContain(message);
  });

  it("refuses clients, another provider's id, closed requests and disabled clients", async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    expect((await client.agent.post('/api/bids', bidBody(request.id))).json().error).toBe(
      'provider_only',
    );

    const provider = await h.signedIn('provider');
    const other = await h.signedIn('provider');
    const spoofed = await provider.agent.post(
      '/api/bids',
      bidBody(request.id, { provider_id: other.id }),
    );
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().error).toBe('provider_mismatch');

    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'self' })
      .where(eq(users.id, client.id));
    const disabled = await provider.agent.post('/api/bids', bidBody(request.id));
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error).toBe('client_disabled');

    const assigned = await postRequest((await h.signedIn('client')).agent);
    await h.database.db
      .update(workRequests)
      .set({ status: 'ASSIGNED' })
      .where(eq(workRequests.id, assigned.id));
    expect((await provider.agent.post('/api/bids', bidBody(assigned.id))).json().error).toBe(
      'request_not_open',
    );
    expect(
      (await provider.agent.post('/api/bids', bidBody('00000000-0000-4000-8000-000000000000')))
        .statusCode,
    ).toBe(404);
  });
});

describe('bid mail can be switched off', () => {
  it('sends no new-bid mail to a client who turned it off', async () => {
    const client = await h.signedIn('client');
    const off = await client.agent.put('/api/users/notifications', { bid_emails: false });
    expect(off.json().user.bid_emails).toBe(false);
    const request = await postRequest(client.agent, 'Tichá požiadavka bez e-mailov');
    const provider = await h.signedIn('provider');
    const since = h.mailbox.mails.length;
    expect((await provider.agent.post('/api/bids', bidBody(request.id))).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      h.mailbox.mails.slice(since).filter((mail) => mail.to.includes(client.email.toLowerCase())),
    ).toHaveLength(0);
  });
});

describe('who sees which bids', () => {
  it('the owner and administrators see all; a provider only their own; other clients nothing', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    const first = await h.signedIn('provider');
    const second = await h.signedIn('provider');
    await first.agent.post('/api/bids', bidBody(request.id));
    await second.agent.post('/api/bids', bidBody(request.id, { amount: 70 }));
    const admin = (await h.signedIn('administrator')).agent;

    const url = `/api/bids/work-request/${request.id}`;
    expect((await client.agent.get(url)).json().bids).toHaveLength(2);
    expect((await admin.get(url)).json().bids).toHaveLength(2);
    const own = (await first.agent.get(url)).json().bids;
    expect(own.map((b: { provider_id: string }) => b.provider_id)).toEqual([first.id]);
    expect((await (await h.signedIn('client')).agent.get(url)).statusCode).toBe(403);
    expect((await h.agent().get(url)).statusCode).toBe(401);

    expect((await first.agent.get(`/api/bids/provider/${first.id}`)).json().bids).toHaveLength(1);
    expect((await first.agent.get(`/api/bids/provider/${second.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/bids/provider/${second.id}`)).statusCode).toBe(200);
  });
});

describe('PATCH /api/bids/:id/accept', () => {
  it('accepts one bid for good: the others are rejected, the request assigned, the winner mailed', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    const winner = await h.signedIn('provider');
    const loser = await h.signedIn('provider');
    const won = (await winner.agent.post('/api/bids', bidBody(request.id))).json().bid;
    const lost = (await loser.agent.post('/api/bids', bidBody(request.id))).json().bid;
    const since = h.mailbox.mails.length;
    const response = await client.agent.patch(`/api/bids/${won.id}/accept`);
    expect(response.statusCode).toBe(200);
    expect(response.json().bid.status).toBe('ACCEPTED');
    const [row] = await h.database.db
      .select()
      .from(workRequests)
      .where(eq(workRequests.id, request.id));
    expect(row).toMatchObject({ status: 'ASSIGNED', acceptedBidId: won.id });
    const [other] = await h.database.db.select().from(bids).where(eq(bids.id, lost.id));
    expect(other!.status).toBe('REJECTED');
    expect((await h.mailbox.waitFor(winner.email, since)).subject).toContain('prijatá');

    const second = await client.agent.patch(`/api/bids/${lost.id}/accept`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('request_not_open');
  });

  it('lets exactly one of fifty simultaneous accepts win', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent);
    const offers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const provider = await h.signedIn('provider');
      offers.push(
        (await provider.agent.post('/api/bids', bidBody(request.id))).json().bid.id as string,
      );
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.agent.patch(`/api/bids/${offers[i % offers.length]}/accept`),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const rows = await h.database.db.select().from(bids).where(eq(bids.workRequestId, request.id));
    expect(rows.filter((b) => b.status === 'ACCEPTED')).toHaveLength(1);
    expect(rows.filter((b) => b.status === 'REJECTED')).toHaveLength(4);
    const [row] = await h.database.db
      .select()
      .from(workRequests)
      .where(eq(workRequests.id, request.id));
    expect(row!.status).toBe('ASSIGNED');
  });

  it("refuses a client accepting a bid on someone else's request", async () => {
    const owner = await h.signedIn('client');
    const request = await postRequest(owner.agent);
    const provider = await h.signedIn('provider');
    const bid = (await provider.agent.post('/api/bids', bidBody(request.id))).json().bid;
    const stranger = await h.signedIn('client');
    const response = await stranger.agent.patch(`/api/bids/${bid.id}/accept`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('insufficient_permissions');
    const [row] = await h.database.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.status).toBe('PENDING');
  });
});
