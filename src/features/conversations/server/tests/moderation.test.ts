import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, file } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { askedThread, hire, thread, write, writeWithFiles } from './conversations-world';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const talking = () => askedThread(h);

describe('blocking', () => {
  it('stops messages either way until the one who blocked lifts it', async () => {
    const world = await talking();
    const blocked = await world.client.agent.post(`/api/conversations/${world.threadId}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().conversation).toMatchObject({
      read_only: true,
      read_only_reason: 'blocked',
    });
    expect(blocked.json().conversation.allowed_actions).toContain('unblock');
    for (const agent of [world.client.agent, world.provider.agent]) {
      const refused = await write(agent, world.threadId, 'Haló?');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('conversation_blocked');
    }
    // The blocked person cannot lift it, nor start over on another request of the same client.
    const theirs = await thread(world.provider.agent, world.threadId);
    expect(theirs.conversation.allowed_actions).not.toContain('unblock');
    await world.provider.agent.delete(`/api/conversations/${world.threadId}/block`);
    expect((await write(world.provider.agent, world.threadId, 'Prosím')).statusCode).toBe(409);

    const lifted = await world.client.agent.delete(`/api/conversations/${world.threadId}/block`);
    expect(lifted.json().conversation.read_only).toBe(false);
    expect((await write(world.provider.agent, world.threadId, 'Ďakujem')).statusCode).toBe(201);
  });
});

describe('reports', () => {
  it('keep the reported messages, and every look of an administrator is audited', async () => {
    const world = await talking();
    await hire(world.client, world.bidId);
    const withFile = await writeWithFiles(world.provider.agent, world.threadId, 'Tu je faktúra', [
      file(PNG, 'faktura.png', 'image/png'),
    ]);
    expect(withFile.statusCode, withFile.body).toBe(201);
    const fileUrl = withFile.json().message.attachments[0].url as string;
    const admin = await h.signedIn('administrator');
    // Nobody reported it yet: not even an administrator may open its files.
    expect((await admin.agent.get(fileUrl)).statusCode).toBe(404);

    const bad = await world.client.agent.post(`/api/conversations/${world.threadId}/report`, {
      reason: 'nonsense',
    });
    expect(bad.statusCode).toBe(400);
    const reported = await world.client.agent.post(`/api/conversations/${world.threadId}/report`, {
      reason: 'abuse',
      note: 'Urážlivé správy',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = reported.json().report_id as string;
    // A message written after the report is not in it.
    await write(world.provider.agent, world.threadId, 'Po nahlásení');

    const list = await admin.agent.get('/api/admin/reports');
    expect(list.statusCode).toBe(200);
    const listed = list.json().reports.find((r: { id: string }) => r.id === reportId);
    expect(listed).toMatchObject({
      reason: 'abuse',
      note: 'Urážlivé správy',
      status: 'open',
      reporter: { id: world.client.id, role: 'client' },
      reported: { id: world.provider.id, role: 'provider', account_status: 'active' },
      conversation_id: world.threadId,
    });
    expect(await h.auditsOf('conversation.report_view')).toHaveLength(0);

    const opened = await admin.agent.get(`/api/admin/reports/${reportId}`);
    expect(opened.statusCode).toBe(200);
    const texts = opened.json().messages.map((m: { text: string }) => m.text);
    expect(texts).toEqual(['Dobrý deň, mám otázku.', 'Tu je faktúra']);
    expect(texts).not.toContain('Po nahlásení');
    expect(await h.auditsOf('conversation.report_view', world.provider.id)).toHaveLength(1);
    await admin.agent.get(`/api/admin/reports/${reportId}`);
    expect(await h.auditsOf('conversation.report_view', world.provider.id)).toHaveLength(2);

    // Now the administrator handling the report may open the reported file, audited too.
    expect((await admin.agent.get(fileUrl)).statusCode).toBe(200);
    expect(await h.auditsOf('conversation.attachment_view')).not.toHaveLength(0);

    const closed = await admin.agent.patch(`/api/admin/reports/${reportId}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().report.status).toBe('closed');
    const open = (await admin.agent.get('/api/admin/reports?status=open')).json().reports;
    expect(open.map((r: { id: string }) => r.id)).not.toContain(reportId);
    const gone = await admin.agent.get(`/api/admin/reports/${randomUUID()}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('report_not_found');
    // Clients and providers have no console.
    expect((await world.client.agent.get('/api/admin/reports')).statusCode).toBe(403);
  });

  it('outlive the accounts of the thread, keeping only the copy', async () => {
    const world = await talking();
    const reported = await world.client.agent.post(`/api/conversations/${world.threadId}/report`, {
      reason: 'spam',
    });
    const reportId = reported.json().report_id as string;
    expect((await world.provider.agent.delete('/api/users/account')).statusCode).toBe(200);
    expect(
      (await world.client.agent.get(`/api/conversations/${world.threadId}/messages`)).statusCode,
    ).toBe(404);
    const admin = await h.signedIn('administrator');
    const opened = (await admin.agent.get(`/api/admin/reports/${reportId}`)).json();
    expect(opened.report).toMatchObject({ reported: null, conversation_id: null });
    expect(opened.messages.map((m: { text: string }) => m.text)).toEqual([
      'Dobrý deň, mám otázku.',
    ]);
  });
});
