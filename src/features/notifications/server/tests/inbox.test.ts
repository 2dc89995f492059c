import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

async function postRequest(client: Agent, title: string) {
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

const bid = (agent: Agent, workRequestId: string, amount = 120) =>
  agent.post('/api/bids', {
    work_request_id: workRequestId,
    amount,
    description: 'Prídem zajtra, výmena trvá hodinu.',
  });

interface Listed {
  id: number;
  type: string;
  read_at: string | null;
  data: Record<string, unknown>;
  link: string | null;
}
const inbox = async (agent: Agent, query = '') => {
  const answer = await agent.get(`/api/notifications${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as { notifications: Listed[]; unread_count: number; pagination: object };
};

/** A hire: a client's request with two bids, the first accepted. */
async function hire() {
  const client = await h.signedIn('client', {
    name: 'Klára Zadávateľka',
  });
  const request = await postRequest(client.agent, `Oprava kohútika ${Math.random()}`);
  const winner = await h.signedIn('provider', {
    name: 'Inštalatér Ivan',
  });
  const other = await h.signedIn('provider', { name: 'Vodár Viktor' });
  const won = (await bid(winner.agent, request.id, 150)).json().bid as { id: string };
  await bid(other.agent, request.id, 170);
  expect((await client.agent.patch(`/api/bids/${won.id}/accept`)).statusCode).toBe(200);
  return { client, request, winner, other, won };
}

describe('the inbox', () => {
  it('tells the client of each bid, with the title, amount and public name only', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent, 'Výmena batérie v kuchyni');
    const provider = await h.signedIn('provider', {
      name: 'Inštalatér Ivan',
    });
    expect((await bid(provider.agent, request.id)).statusCode).toBe(201);

    const { notifications, unread_count } = await inbox(client.agent);
    expect(unread_count).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'bid_received',
        read_at: null,
        data: {
          title: 'Výmena batérie v kuchyni',
          amount_cents: 12000,
          provider_name: 'Inštalatér Ivan',
        },
        link: `/request/${request.id}`,
      }),
    ]);
    const text = JSON.stringify(notifications);
    expect(text).not.toContain(provider.email);
    // The bidder is told nothing of their own bid.
    expect((await inbox(provider.agent)).notifications).toEqual([]);
  });

  it('tells the winner and the others after a hire, and nobody their contact details', async () => {
    const { client, winner, other, request } = await hire();
    const won = (await inbox(winner.agent)).notifications;
    expect(won.map((note) => note.type)).toEqual(['bid_accepted']);
    expect(won[0]!.link).toBe(`/request/${request.id}`);
    const lost = (await inbox(other.agent)).notifications;
    expect(lost.map((note) => note.type)).toEqual(['bid_rejected']);
    expect(lost[0]!.link).toBe('/browse');
    for (const agent of [winner.agent, other.agent, client.agent]) {
      const text = JSON.stringify((await inbox(agent)).notifications);
      for (const secret of [client.email, winner.email]) expect(text).not.toContain(secret);
    }
    expect((await inbox(client.agent)).notifications.map((note) => note.type)).toEqual([
      'bid_received',
      'bid_received',
    ]);
  });

  it('tells the client of a changed or withdrawn bid, and the bidders of a cancelled or deleted request', async () => {
    const client = await h.signedIn('client');
    const request = await postRequest(client.agent, 'Maľovanie spálne');
    const provider = await h.signedIn('provider', { name: 'Maliar Marek' });
    const placed = (await bid(provider.agent, request.id)).json().bid as { id: string };
    await provider.agent.put(`/api/bids/${placed.id}`, {
      amount: 99,
      description: 'Lacnejšie, ak do piatku.',
    });
    await provider.agent.delete(`/api/bids/${placed.id}`);
    expect((await inbox(client.agent)).notifications.map((note) => note.type)).toEqual([
      'bid_withdrawn',
      'bid_changed',
      'bid_received',
    ]);

    await bid(provider.agent, request.id);
    await client.agent.patch(`/api/work-requests/${request.id}/cancel`);
    const second = await postRequest(client.agent, 'Maľovanie kuchyne');
    await bid(provider.agent, second.id);
    expect((await client.agent.delete(`/api/work-requests/${second.id}`)).statusCode).toBe(200);
    const told = (await inbox(provider.agent)).notifications;
    expect(told.map((note) => [note.type, note.data.title])).toEqual([
      ['request_deleted', 'Maľovanie kuchyne'],
      ['request_cancelled', 'Maľovanie spálne'],
    ]);
  });

  it('tells the client when the hired provider leaves, and the other bidder that the request is open again', async () => {
    const { client, winner, other, request } = await hire();
    expect((await winner.agent.delete('/api/users/account')).statusCode).toBe(200);
    expect((await inbox(client.agent)).notifications[0]).toMatchObject({
      type: 'hire_released',
      link: `/request/${request.id}`,
    });
    expect((await inbox(other.agent)).notifications[0]).toMatchObject({
      type: 'request_reopened',
      link: `/request/${request.id}`,
    });
  });

  it('marks one or all read, counts what is unread, and never touches another person’s', async () => {
    const { client } = await hire();
    const stranger = await h.signedIn('client');
    const [newest, older] = (await inbox(client.agent)).notifications;
    const theirs = await stranger.agent.post('/api/notifications/read', { ids: [newest!.id] });
    expect(theirs.json()).toEqual({ unread_count: 0 });
    expect((await inbox(client.agent)).unread_count).toBe(2);

    const one = await client.agent.post('/api/notifications/read', { ids: [older!.id] });
    expect(one.json()).toEqual({ unread_count: 1 });
    const after = await inbox(client.agent);
    expect(after.notifications.find((note) => note.id === older!.id)!.read_at).not.toBeNull();
    expect(after.notifications.find((note) => note.id === newest!.id)!.read_at).toBeNull();
    expect((await client.agent.post('/api/notifications/read', { all: true })).json()).toEqual({
      unread_count: 0,
    });
  });

  it('pages newest first', async () => {
    const { client } = await hire();
    const first = await inbox(client.agent, '?page=1&limit=1');
    const second = await inbox(client.agent, '?page=2&limit=1');
    expect(first.pagination).toEqual({ page: 1, total_pages: 2, total: 2 });
    expect(first.notifications[0]!.id).toBeGreaterThan(second.notifications[0]!.id);
  });

  it('refuses bad input with a code', async () => {
    const { agent } = await h.signedIn('client');
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }]) {
      const answer = await agent.post('/api/notifications/read', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('validation_failed');
    }
    expect((await agent.get('/api/notifications?limit=500')).statusCode).toBe(400);
    expect((await h.agent().get('/api/notifications')).statusCode).toBe(401);
  });

  it('goes with its reader’s account', async () => {
    const { winner } = await hire();
    expect((await inbox(winner.agent)).notifications).toHaveLength(1);
    await winner.agent.delete('/api/users/account');
    const left = await h.database.pool.query(
      'select count(*)::int as n from notifications where user_id = $1',
      [winner.id],
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe('preferences', () => {
  it('hold per type, keep security mail on, and stop the mail they turn off', async () => {
    const client = await h.signedIn('client');
    const start = (await client.agent.get('/api/users/notification-preferences')).json()
      .preferences;
    expect(start.bid_received).toEqual({ email: true, push: true });
    expect(start.password_changed).toEqual({ email: true, push: true });

    const off = await client.agent.put('/api/users/notification-preferences', {
      preferences: { bid_received: { email: false, push: true } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences.bid_received).toEqual({ email: false, push: true });
    const refused = await client.agent.put('/api/users/notification-preferences', {
      preferences: { password_changed: { email: false, push: false } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('notification_essential');
    expect(
      (await client.agent.get('/api/users/notification-preferences')).json().preferences,
    ).toMatchObject({
      bid_received: { email: false, push: true },
      password_changed: { email: true, push: true },
    });

    const request = await postRequest(client.agent, 'Tichá požiadavka');
    const provider = await h.signedIn('provider');
    const since = h.mailbox.mails.length;
    await bid(provider.agent, request.id);
    // The inbox still has it; the mail was never queued (it is queued in the bid's transaction).
    expect((await inbox(client.agent)).notifications.map((note) => note.type)).toEqual([
      'bid_received',
    ]);
    const queued = await h.database.pool.query(
      `select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = $1`,
      [client.email.toLowerCase()],
    );
    expect(queued.rows[0].n).toBe(0);
    expect(
      h.mailbox.mails.slice(since).filter((mail) => mail.to.includes(client.email.toLowerCase())),
    ).toEqual([]);
  });

  it('refuses unknown types and wrong shapes', async () => {
    const { agent } = await h.signedIn('provider');
    for (const preferences of [
      { nonsense: { email: false, push: false } },
      { bid_received: { email: 'no', push: true } },
    ]) {
      const answer = await agent.put('/api/users/notification-preferences', { preferences });
      expect(answer.statusCode).toBe(400);
    }
  });
});
