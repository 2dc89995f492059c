import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { notifications } from '../../../../server/db/schema';
import { bid, inboxOf, person, PUBLIC_URL, requestOf, type Person } from './inbox-world';

/** The inbox (docs/notifications.md): newest first, paged, read and unread, one's own only. */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness({ publicUrl: PUBLIC_URL });
});
afterAll(async () => h.close());

/** A client with `count` bids on a request of theirs, one notification each. */
async function clientWithBids(count: number) {
  const client = await person(h, 'client');
  const request = await requestOf(h, client, 'Oprava komína');
  for (let i = 0; i < count; i++) await bid(await person(h, 'provider'), request.id, 100 + i);
  return client;
}

const markRead = (reader: Person, body: object) =>
  reader.agent.post('/api/notifications/read', body);

describe('the inbox', () => {
  it('lists the reader’s notifications newest first, paged, with the unread count of all', async () => {
    const client = await clientWithBids(5);
    const first = await inboxOf(client, '?page=1&limit=2');
    expect(first.notifications.map((item) => item.data.amount_cents)).toEqual([10_400, 10_300]);
    expect(first.unread_count).toBe(5);
    expect(first.pagination).toEqual({ page: 1, total_pages: 3, total: 5 });
    const last = await inboxOf(client, '?page=3&limit=2');
    expect(last.notifications.map((item) => item.data.amount_cents)).toEqual([10_000]);
    const all = await inboxOf(client);
    expect(all.notifications).toHaveLength(5);
    for (const item of all.notifications) {
      expect(item).toEqual({
        id: expect.any(Number) as number,
        type: 'bid_received',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        read_at: null,
        data: expect.any(Object) as object,
        link: expect.stringMatching(/^\/request\//) as string,
      });
    }
    expect(all.pagination).toEqual({ page: 1, total_pages: 1, total: 5 });
  });

  it('answers an empty inbox as one page of nothing', async () => {
    const nobody = await person(h, 'provider');
    expect(await inboxOf(nobody)).toEqual({
      notifications: [],
      unread_count: 0,
      pagination: { page: 1, total_pages: 1, total: 0 },
    });
  });

  it('marks some or all as read, and answers what stays unread', async () => {
    const client = await clientWithBids(3);
    const [newest, middle] = (await inboxOf(client)).notifications;
    const some = await markRead(client, { ids: [newest!.id, middle!.id] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ unread_count: 1 });
    const after = (await inboxOf(client)).notifications;
    expect(after.map((item) => item.read_at !== null)).toEqual([true, true, false]);
    // Read again: it stays read at the time it was first read.
    expect((await markRead(client, { ids: [newest!.id] })).json()).toEqual({ unread_count: 1 });
    expect((await inboxOf(client)).notifications[0]!.read_at).toBe(after[0]!.read_at);

    expect((await markRead(client, { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await inboxOf(client)).unread_count).toBe(0);
  });

  it('marks only the reader’s own: another person’s ids change nothing', async () => {
    const owner = await clientWithBids(2);
    const other = await clientWithBids(1);
    const ownerIds = (await inboxOf(owner)).notifications.map((item) => item.id);
    const answer = await markRead(other, { ids: ownerIds });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ unread_count: 1 });
    expect((await inboxOf(owner)).unread_count).toBe(2);
    expect((await markRead(other, { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await inboxOf(owner)).unread_count).toBe(2);
  });

  it('refuses a visitor and a body that is neither ids nor all', async () => {
    const visitor = h.agent();
    expect((await visitor.get('/api/notifications')).statusCode).toBe(401);
    expect((await visitor.post('/api/notifications/read', { all: true })).statusCode).toBe(401);
    const reader = await person(h, 'client');
    for (const body of [{}, { all: false }, { ids: [] }, { ids: ['x'] }, { ids: [1], all: true }]) {
      const refused = await markRead(reader, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
    }
    expect((await reader.agent.get('/api/notifications?limit=51')).statusCode).toBe(400);
    expect((await reader.agent.get('/api/notifications?page=0')).statusCode).toBe(400);
  });

  it('is never kept by a cache', async () => {
    const client = await clientWithBids(1);
    expect((await client.agent.get('/api/notifications')).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('goes with its reader’s account', async () => {
    const client = await clientWithBids(2);
    expect((await client.agent.delete('/api/users/account')).statusCode).toBe(200);
    const left = await h.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, client.id));
    expect(left).toEqual([]);
  });
});
