import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createWorkRequest } from '../../../../../tests/factories';
import {
  bidOn,
  hire,
  requestWithBid,
  start,
  started,
  thread,
  threadsOf,
  write,
} from './conversations-world';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

describe('who may open a thread', () => {
  it('a provider asks on an open request before bidding; the client answers', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const request = await createWorkRequest(h.database.db, { ...client, name: 'Klára' });
    const asked = await started(provider.agent, {
      work_request_id: request.id,
      text: 'Treba odstrániť aj starý obklad?',
    });
    expect(asked.conversation.other).toMatchObject({ id: client.id, name: null, role: 'client' });
    expect(asked.conversation.allowed_actions).toContain('write');
    expect(asked.conversation.allowed_actions).not.toContain('attach');
    expect(asked.message).toMatchObject({ mine: true, text: 'Treba odstrániť aj starý obklad?' });

    const answer = await write(client.agent, asked.conversation.id, 'Áno, aj starý obklad.');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().conversation.other.role).toBe('provider');
    const seen = await thread(provider.agent, asked.conversation.id);
    expect(seen.messages.map((m) => [m.mine, m.text])).toEqual([
      [true, 'Treba odstrániť aj starý obklad?'],
      [false, 'Áno, aj starý obklad.'],
    ]);
  });

  it('asking twice about one request reuses the one thread', async () => {
    const { provider, request } = await requestWithBid(h);
    const first = await started(provider.agent, { work_request_id: request.id, text: 'Prvá' });
    const second = await started(provider.agent, { work_request_id: request.id, text: 'Druhá' });
    expect(second.conversation.id).toBe(first.conversation.id);
    expect((await thread(provider.agent, first.conversation.id)).messages).toHaveLength(2);
  });

  it("a request's page finds its threads of the viewer's", async () => {
    const { client, provider, request } = await requestWithBid(h);
    const other = await requestWithBid(h);
    const { conversation } = await started(provider.agent, {
      work_request_id: request.id,
      text: 'Otázka',
    });
    await started(other.provider.agent, { work_request_id: other.request.id, text: 'Iná' });
    const found = await client.agent.get(`/api/conversations?work_request_id=${request.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().conversations.map((c: { id: string }) => c.id)).toEqual([conversation.id]);
    expect(found.json().pagination.total).toBe(1);
    const none = await client.agent.get(`/api/conversations?work_request_id=${other.request.id}`);
    expect(none.json().conversations).toEqual([]);
    // The header's unread total still counts every thread.
    expect(none.json().unread_total).toBe(1);
  });

  it('the client writes first only to a provider who bid', async () => {
    const { client, provider, request } = await requestWithBid(h);
    const stranger = await h.signedIn('provider');
    const refused = await start(client.agent, {
      work_request_id: request.id,
      provider_id: stranger.id,
      text: 'Dobrý deň',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('conversation_not_allowed');
    const opened = await started(client.agent, {
      work_request_id: request.id,
      provider_id: provider.id,
      text: 'Kedy by ste mohli začať?',
    });
    expect(opened.conversation.other).toMatchObject({ id: provider.id, role: 'provider' });
    expect(opened.conversation.other.name).toBeTruthy();
  });

  it('another client, an administrator and a client without a provider may not open one', async () => {
    const { provider, request } = await requestWithBid(h);
    const other = await h.signedIn('client');
    const admin = await h.signedIn('administrator');
    for (const agent of [other.agent, admin.agent]) {
      const answer = await start(agent, {
        work_request_id: request.id,
        provider_id: provider.id,
        text: 'Ahoj',
      });
      expect(answer.statusCode).toBe(403);
    }
    const owner = await h.signedIn('client');
    const own = await createWorkRequest(h.database.db, { ...owner, name: 'O' });
    expect((await start(owner.agent, { work_request_id: own.id, text: 'x' })).statusCode).toBe(403);
  });

  it('a provider may not ask on a request that is no longer open and not theirs', async () => {
    const { client, bidId, request } = await requestWithBid(h);
    await hire(client, bidId);
    const late = await h.signedIn('provider');
    const answer = await start(late.agent, { work_request_id: request.id, text: 'Ešte voľné?' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toBe('request_not_found');
  });

  it('anyone who is not in the thread gets 404 for every route of it', async () => {
    const { provider, request } = await requestWithBid(h);
    const { conversation } = await started(provider.agent, {
      work_request_id: request.id,
      text: 'Otázka',
    });
    const outsider = await h.signedIn('provider');
    const admin = await h.signedIn('administrator');
    for (const agent of [outsider.agent, admin.agent]) {
      for (const answer of [
        await agent.get(`/api/conversations/${conversation.id}/messages`),
        await write(agent, conversation.id, 'Ahoj'),
        await agent.post(`/api/conversations/${conversation.id}/read`),
        await agent.post(`/api/conversations/${conversation.id}/block`),
        await agent.post(`/api/conversations/${conversation.id}/report`, { reason: 'spam' }),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json().error).toBe('conversation_not_found');
      }
      expect((await threadsOf(agent)).conversations).toEqual([]);
    }
  });
});

describe('after the hire', () => {
  it('only the client and the hired provider write; the other thread is read-only', async () => {
    const { client, provider: winner, request, bidId } = await requestWithBid(h);
    const loser = await h.signedIn('provider');
    await bidOn(loser, request.id);
    const won = await started(winner.agent, { work_request_id: request.id, text: 'Otázka A' });
    const lost = await started(loser.agent, { work_request_id: request.id, text: 'Otázka B' });
    await hire(client, bidId);

    const losing = await thread(loser.agent, lost.conversation.id);
    expect(losing.conversation).toMatchObject({
      read_only: true,
      read_only_reason: 'request_assigned',
    });
    expect(losing.conversation.allowed_actions).not.toContain('write');
    const refused = await write(loser.agent, lost.conversation.id, 'Ešte niečo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('conversation_read_only');
    expect((await write(client.agent, lost.conversation.id, 'Nie')).statusCode).toBe(409);

    const winning = await thread(winner.agent, won.conversation.id);
    expect(winning.conversation).toMatchObject({ read_only: false, masking: false });
    expect(winning.conversation.allowed_actions).toEqual(
      expect.arrayContaining(['write', 'attach']),
    );
    // The hired provider now sees the client's name; contact details are no longer masked.
    expect(winning.conversation.other).toMatchObject({ id: client.id, role: 'client' });
    expect(winning.conversation.other.name).toBeTruthy();
    const contact = await write(client.agent, won.conversation.id, 'Volajte 0905 123 456');
    expect(contact.json().message).toMatchObject({ text: 'Volajte 0905 123 456', masked: false });
  });

  it('a cancelled request, a withdrawn bid and a disabled account make the thread read-only', async () => {
    const cancelled = await requestWithBid(h);
    const a = await started(cancelled.provider.agent, {
      work_request_id: cancelled.request.id,
      text: 'Otázka',
    });
    await cancelled.client.agent.patch(`/api/work-requests/${cancelled.request.id}/cancel`);
    expect(
      (await thread(cancelled.client.agent, a.conversation.id)).conversation.read_only_reason,
    ).toBe('request_cancelled');

    const withdrawn = await requestWithBid(h);
    const b = await started(withdrawn.provider.agent, {
      work_request_id: withdrawn.request.id,
      text: 'Otázka',
    });
    await withdrawn.provider.agent.delete(`/api/bids/${withdrawn.bidId}`);
    expect(
      (await thread(withdrawn.client.agent, b.conversation.id)).conversation.read_only_reason,
    ).toBe('bid_withdrawn');
    // Bidding again opens the thread again.
    await bidOn(withdrawn.provider, withdrawn.request.id);
    expect((await thread(withdrawn.client.agent, b.conversation.id)).conversation.read_only).toBe(
      false,
    );

    const disabled = await requestWithBid(h);
    const c = await started(disabled.provider.agent, {
      work_request_id: disabled.request.id,
      text: 'Otázka',
    });
    expect((await disabled.provider.agent.patch('/api/users/disable')).statusCode).toBe(200);
    const view = await thread(disabled.client.agent, c.conversation.id);
    expect(view.conversation.read_only_reason).toBe('account_disabled');
    expect((await write(disabled.client.agent, c.conversation.id, 'Haló')).statusCode).toBe(409);
  });

  it('a deleted request leaves its threads read-only with their title', async () => {
    const { client, provider, request } = await requestWithBid(h, 'Zmazaná zákazka');
    const asked = await started(provider.agent, { work_request_id: request.id, text: 'Otázka' });
    expect((await client.agent.delete(`/api/work-requests/${request.id}`)).statusCode).toBe(200);
    const view = await thread(provider.agent, asked.conversation.id);
    expect(view.conversation.request).toEqual({ id: null, title: 'Zmazaná zákazka' });
    expect(view.conversation.read_only_reason).toBe('request_deleted');
  });
});

describe('reading', () => {
  it('counts unread messages, marks them read and shows the sender "seen"', async () => {
    const { client, provider, request } = await requestWithBid(h);
    const { conversation } = await started(provider.agent, {
      work_request_id: request.id,
      text: 'Jedna',
    });
    await write(provider.agent, conversation.id, 'Dva');
    const before = await threadsOf(client.agent);
    expect(before.unread_total).toBe(2);
    expect(before.conversations[0]).toMatchObject({ id: conversation.id, unread_count: 2 });
    expect(before.conversations[0]!.last_message).toMatchObject({ text: 'Dva', mine: false });
    expect((await thread(provider.agent, conversation.id)).messages.map((m) => m.seen)).toEqual([
      false,
      false,
    ]);

    const read = await client.agent.post(`/api/conversations/${conversation.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().conversation.unread_count).toBe(0);
    expect((await threadsOf(client.agent)).unread_total).toBe(0);
    expect((await thread(provider.agent, conversation.id)).messages.map((m) => m.seen)).toEqual([
      true,
      true,
    ]);
    // The provider's own messages never count as unread for them.
    expect((await threadsOf(provider.agent)).unread_total).toBe(0);
  });

  it('pages backwards from a message, newest last', async () => {
    const { client, provider, request } = await requestWithBid(h);
    const { conversation } = await started(provider.agent, {
      work_request_id: request.id,
      text: 'Správa 0',
    });
    for (let i = 1; i < 55; i += 1) {
      const sent = await write(
        i % 2 ? client.agent : provider.agent,
        conversation.id,
        `Správa ${i}`,
      );
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const newest = await thread(client.agent, conversation.id);
    expect(newest.has_more).toBe(true);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages.at(-1)!.text).toBe('Správa 54');
    const older = await thread(client.agent, conversation.id, newest.messages[0]!.id);
    expect(older.has_more).toBe(false);
    expect(older.messages.map((m) => m.text)).toEqual([0, 1, 2, 3, 4].map((i) => `Správa ${i}`));
    const unknown = await client.agent.get(
      `/api/conversations/${conversation.id}/messages?before=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('message_not_found');
  });
});
