import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation, createMessage } from '../../../../../tests/factories';
import { requestForm } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { bids, completionSteps, workRequests } from '../../../../server/db/schema';
import {
  hiredJob,
  notificationsOf,
  statusOf,
} from '../../../requests/server/tests/completion-world';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

/** A hired job the client disputed, reported `hoursAgo` hours ago (the test's clock). */
async function disputedJob(hoursAgo = 0, title?: string) {
  const job = await hiredJob(h, title);
  await job.provider.agent.form(
    'POST',
    `/api/work-requests/${job.request.id}/done`,
    requestForm({ note: 'Hotovo, všetko funguje.' }),
  );
  const reported = await job.client.agent.form(
    'POST',
    `/api/work-requests/${job.request.id}/problem`,
    requestForm({ reason: 'poor_quality', text: 'Batéria stále kvapká.' }),
  );
  if (reported.statusCode !== 200) throw new Error(reported.body);
  await h.database.db
    .update(completionSteps)
    .set({ createdAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    .where(
      and(eq(completionSteps.workRequestId, job.request.id), eq(completionSteps.kind, 'problem')),
    );
  return job;
}

describe('the Cases tab', () => {
  it('lists disputes oldest first, to administrators only', async () => {
    const newer = await disputedJob(1, 'Novší spor o kúpeľňu');
    const older = await disputedJob(50, 'Starší spor o kúpeľňu');
    const admin = await h.signedIn('administrator');
    const listed = await admin.agent.get('/api/admin/cases');
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json().cases as { id: string }[]).map((row) => row.id);
    expect(ids.indexOf(older.request.id)).toBeLessThan(ids.indexOf(newer.request.id));
    expect(ids.indexOf(older.request.id)).toBeGreaterThanOrEqual(0);
    for (const who of [newer.client, newer.provider]) {
      expect((await who.agent.get('/api/admin/cases')).statusCode).toBe(403);
      expect((await who.agent.get(`/api/admin/cases/${newer.request.id}`)).statusCode).toBe(403);
    }
  });

  it("shows both sides' words, the bid and the thread, and audits every look", async () => {
    const job = await disputedJob();
    const thread = await createConversation(h.database.db, {
      workRequestId: job.request.id,
      clientId: job.client.id,
      providerId: job.provider.id,
    });
    await createMessage(h.database.db, {
      conversationId: thread.id,
      senderId: job.client.id,
      body: 'Kedy prídete opraviť tú batériu?',
    });
    const admin = await h.signedIn('administrator');
    const opened = await admin.agent.get(`/api/admin/cases/${job.request.id}`);
    expect(opened.statusCode).toBe(200);
    const found = opened.json();
    expect(found.work_request.status).toBe('DISPUTED');
    expect(found.bid).toMatchObject({ id: job.bid.id, amount: 180, status: 'ACCEPTED' });
    expect(found.completion.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'done',
      'problem',
    ]);
    expect(found.thread.messages).toEqual([
      expect.objectContaining({ sender_role: 'client', text: 'Kedy prídete opraviť tú batériu?' }),
    ]);
    expect(found.allowed_actions).toEqual(['complete', 'cancel', 'reopen']);
    await admin.agent.get(`/api/admin/cases/${job.request.id}`);
    const looks = await h.auditsOf('case.view', job.client.id);
    expect(looks).toHaveLength(2);
    expect(looks[0]!.actorId).toBe(admin.id);
    expect(looks[0]!.message).toContain(thread.id);
  });

  it('completes a case with a note to both sides, audited', async () => {
    const job = await disputedJob(0, 'Spor o dokončenú kúpeľňu');
    const admin = await h.signedIn('administrator');
    const url = `/api/admin/cases/${job.request.id}/decision`;
    expect((await admin.agent.post(url, { outcome: 'complete', note: '' })).statusCode).toBe(400);
    expect((await admin.agent.post(url, { outcome: 'pay', note: 'x' })).statusCode).toBe(400);
    expect(
      (await job.client.agent.post(url, { outcome: 'complete', note: 'Sám si to rozhodnem.' }))
        .statusCode,
    ).toBe(403);
    const decided = await admin.agent.post(url, {
      outcome: 'complete',
      note: 'Fotografie ukazujú hotovú prácu.',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().allowed_actions).toEqual([]);
    expect(decided.json().completion.steps.at(-1)).toMatchObject({
      kind: 'decision',
      author_role: 'administrator',
      reason: 'complete',
      note: 'Fotografie ukazujú hotovú prácu.',
    });
    expect(await statusOf(h, job.request.id)).toBe('COMPLETED');
    for (const who of [job.client, job.provider]) {
      const told = await notificationsOf(h, who.id, 'case_decided');
      expect(told.map((n) => n.data.outcome)).toEqual(['complete']);
      // Told as the decision, not as a job completed by itself or confirmed.
      expect(await notificationsOf(h, who.id, 'job_completed')).toEqual([]);
    }
    expect(await h.auditsOf('case.complete', job.client.id)).toHaveLength(1);
    // Both sides are mailed the decision with the administrator's note, in their language.
    const mailed = await h.database.db.execute<{ to: string; text: string }>(
      sql`select job.data->>'to' as to, job.data->>'text' as text from pgboss.job
          where job.name = 'mail' and job.data->>'kind' = 'caseDecided'
          and job.data->>'text' like ${`%${job.title}%`}`,
    );
    expect(mailed.rows.map((row) => row.to).sort()).toEqual(
      [job.client.email, job.provider.email].sort(),
    );
    for (const { text } of mailed.rows) {
      expect(text).toContain('Fotografie ukazujú hotovú prácu.');
      expect(text).toContain('Zákazka je dokončená');
    }
    // Decided once: the same decision again is refused.
    const again = await admin.agent.post(url, { outcome: 'cancel', note: 'Predsa nie.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('request_not_disputed');
  });

  it('cancels a case: the hire ends and the contacts close', async () => {
    const job = await disputedJob();
    const admin = await h.signedIn('administrator');
    const decided = await admin.agent.post(`/api/admin/cases/${job.request.id}/decision`, {
      outcome: 'cancel',
      note: 'Práca nebola urobená, zákazka sa ruší.',
    });
    expect(decided.statusCode).toBe(200);
    expect(await statusOf(h, job.request.id)).toBe('CANCELLED');
    const seen = (await job.provider.agent.get(`/api/work-requests/${job.request.id}`)).json()
      .work_request;
    expect(seen.contact_email ?? null).toBeNull();
    expect(await notificationsOf(h, job.provider.id, 'case_decided')).toHaveLength(1);
    expect(await h.auditsOf('case.cancel', job.client.id)).toHaveLength(1);
  });

  it('reopens a case for bids: the other bids wait again, the hired one is rejected', async () => {
    const job = await disputedJob();
    const admin = await h.signedIn('administrator');
    const decided = await admin.agent.post(`/api/admin/cases/${job.request.id}/decision`, {
      outcome: 'reopen',
      note: 'Vyberte si prosím iného majstra.',
    });
    expect(decided.statusCode).toBe(200);
    expect(await statusOf(h, job.request.id)).toBe('OPEN');
    const statuses = Object.fromEntries(
      (
        await h.database.db
          .select({ id: bids.id, status: bids.status })
          .from(bids)
          .where(eq(bids.workRequestId, job.request.id))
      ).map((row) => [row.id, row.status]),
    );
    expect(statuses).toEqual({ [job.bid.id]: 'REJECTED', [job.otherBid.id]: 'PENDING' });
    expect(await notificationsOf(h, job.other.id, 'request_reopened')).toHaveLength(1);
    expect(await notificationsOf(h, job.client.id, 'case_decided')).toHaveLength(1);
    // The client may hire the other provider now.
    const hired = await job.client.agent.patch(`/api/bids/${job.otherBid.id}/accept`);
    expect(hired.statusCode).toBe(200);
    expect(await h.auditsOf('case.reopen', job.client.id)).toHaveLength(1);
  });

  it('gives a reopened case whose time for bids ran out a week more, and keeps a later end', async () => {
    const spent = await disputedJob(0, 'Spor o kúpeľňu po lehote');
    const later = await disputedJob(0, 'Spor o kúpeľňu s dlhou lehotou');
    const day = 24 * 3_600_000;
    const farEnd = new Date(Date.now() + 20 * day);
    for (const [job, bidsUntil] of [
      [spent, new Date(Date.now() - 30 * day)],
      [later, farEnd],
    ] as const)
      await h.database.db
        .update(workRequests)
        .set({ bidsUntil })
        .where(eq(workRequests.id, job.request.id));
    const admin = await h.signedIn('administrator');
    for (const job of [spent, later]) {
      const decided = await admin.agent.post(`/api/admin/cases/${job.request.id}/decision`, {
        outcome: 'reopen',
        note: 'Vyberte si prosím iného majstra.',
      });
      expect(decided.statusCode).toBe(200);
    }
    const endOf = async (id: string) =>
      (
        await h.database.db
          .select({ bidsUntil: workRequests.bidsUntil })
          .from(workRequests)
          .where(eq(workRequests.id, id))
      )[0]!.bidsUntil.getTime();
    const spentEnd = await endOf(spent.request.id);
    expect(spentEnd).toBeGreaterThan(Date.now() + 7 * day - 60_000);
    expect(spentEnd).toBeLessThan(Date.now() + 7 * day + 60_000);
    expect(await endOf(later.request.id)).toBe(farEnd.getTime());
    // Open to bids again for real: another provider's bid is taken.
    const provider = await h.signedIn('provider');
    const bid = await provider.agent.post('/api/bids', {
      work_request_id: spent.request.id,
      amount: 180,
      description: 'Batériu vymením ešte tento týždeň.',
    });
    expect(bid.statusCode).toBe(201);
  });

  it('shows the hired bid with its priced lines and every version of its price', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      requestForm({
        title: 'Spor o cenu batérie',
        category: 'plumbing',
        description: 'Vymeniť batériu v kúpeľni a tesnenia.',
        location: 'Nitra',
      }),
    );
    const requestId = posted.json().work_request.id as string;
    const labour = { label: 'Práca', kind: 'labour', unit: 'h', unit_price_cents: 3000 };
    const tap = {
      label: 'Batéria',
      kind: 'material',
      quantity: 1,
      unit: 'ks',
      unit_price_cents: 8550,
    };
    const description = 'Batériu aj tesnenia prinesiem, práca na dve hodiny.';
    const placed = await provider.agent.post('/api/bids', {
      work_request_id: requestId,
      description,
      lines: [{ ...labour, quantity: 2 }, tap],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const bidId = placed.json().bid.id as string;
    const revised = await provider.agent.put(`/api/bids/${bidId}`, {
      description,
      lines: [{ ...labour, quantity: 3 }, tap],
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const accepted = await client.agent.patch(`/api/bids/${bidId}/accept`, { revision: 2 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const seals = {
      label: 'Tesnenia',
      kind: 'material',
      quantity: 4,
      unit: 'ks',
      unit_price_cents: 250,
    };
    const proposed = await provider.agent.post(`/api/bids/${bidId}/price-proposal`, {
      lines: [{ ...labour, quantity: 3 }, tap, seals],
      note: 'Staré tesnenia sa rozpadli, treba nové.',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const agreed = await client.agent.patch(`/api/bids/${bidId}/price-proposal`, {
      answer: 'accept',
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const reported = await client.agent.form(
      'POST',
      `/api/work-requests/${requestId}/problem`,
      requestForm({ reason: 'price', text: 'Cena narástla bez vysvetlenia.' }),
    );
    expect(reported.statusCode, reported.body).toBe(200);

    const admin = await h.signedIn('administrator');
    const found = (await admin.agent.get(`/api/admin/cases/${requestId}`)).json();
    // The price as it stands now: three lines, their totals computed by the server.
    expect(found.bid).toMatchObject({
      id: bidId,
      amount: 185.5,
      amount_cents: 18_550,
      revision: 3,
      status: 'ACCEPTED',
    });
    expect(
      found.bid.lines.map((line: { label: string; total_cents: number }) => [
        line.label,
        line.total_cents,
      ]),
    ).toEqual([
      ['Práca', 9000],
      ['Batéria', 8550],
      ['Tesnenia', 1000],
    ]);
    // Every version, oldest first: as placed, revised before the hire, agreed after it.
    expect(
      found.bid_revisions.map(
        (version: { revision: number; reason: string; amount_cents: number }) => [
          version.revision,
          version.reason,
          version.amount_cents,
        ],
      ),
    ).toEqual([
      [1, 'placed', 14_550],
      [2, 'revision', 17_550],
      [3, 'price_agreed', 18_550],
    ]);
    expect(found.bid_revisions[0].lines).toHaveLength(2);
    expect(found.bid_revisions[2].lines).toHaveLength(3);
  });
});
