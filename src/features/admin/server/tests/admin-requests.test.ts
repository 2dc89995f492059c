import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createWorkRequest } from '../../../../../tests/factories';
import { file, PNG, requestForm } from '../../../../../tests/factories/files';
import { auditEntries, users, workRequests } from '../../../../server/db/schema';

let h: AccountsHarness;
let admin: Awaited<ReturnType<AccountsHarness['signedIn']>>;
beforeAll(async () => {
  h = await accountsHarness();
  admin = await h.signedIn('administrator');
});
afterAll(async () => h.close());

/** A client's request with a bid from each of two providers, the first one accepted. */
async function assignedRequest() {
  const client = await h.signedIn('client', { name: 'Zuzana Klientová' });
  const posted = await client.agent.form(
    'POST',
    '/api/work-requests',
    requestForm(
      {
        title: 'Obklad kúpeľne',
        category: 'tiling',
        description: 'Nový obklad v kúpeľni, asi 12 m².',
        location: 'Košice',
      },
      [file(PNG, 'kupelna.png', 'image/png')],
    ),
  );
  const request = posted.json().work_request as { id: string };
  const winner = await h.signedIn('provider', { name: 'Ján Obkladač' });
  const loser = await h.signedIn('provider', { name: 'Iný Majster' });
  const bidOf = async (provider: typeof winner, amount: number) =>
    (
      await provider.agent.post('/api/bids', {
        work_request_id: request.id,
        amount,
        description: 'Urobím to do týždňa, materiál dodám.',
      })
    ).json().bid as { id: string };
  const won = await bidOf(winner, 850.5);
  await bidOf(loser, 990);
  expect((await client.agent.patch(`/api/bids/${won.id}/accept`)).statusCode).toBe(200);
  return { client, winner, loser, request };
}

describe('requests in the console', () => {
  it('lists every request with the client name, filtered by status, category and text', async () => {
    const tag = `kontrola${Date.now()}`;
    const client = await h.signedIn('client', { name: `Mária ${tag}` });
    const someone = { id: client.id, name: `Mária ${tag}`, email: client.email };
    for (let i = 0; i < 11; i++) {
      await createWorkRequest(h.database.db, someone, {
        title: `Oprava strechy ${tag} ${i}`,
        category: 'roofing',
        status: i < 3 ? 'ASSIGNED' : i === 3 ? 'COMPLETED' : 'OPEN',
        createdAt: new Date(Date.now() - i * 60_000),
      });
    }
    await createWorkRequest(h.database.db, someone, {
      title: `Maľovanie izby ${tag}`,
      category: 'painting',
    });

    const all = (await admin.agent.get(`/api/work-requests/admin/all?query=${tag}`)).json();
    expect(all.pagination).toEqual({ page: 1, total_pages: 2, total: 12 });
    // Status and category left at "All" are sent empty, or not at all: the same search.
    const allByForm = await admin.agent.get(
      `/api/work-requests/admin/all?query=${tag}&status=&category=`,
    );
    expect(allByForm.statusCode, allByForm.body).toBe(200);
    expect(allByForm.json()).toEqual(all);
    expect(all.work_requests).toHaveLength(10);
    expect(all.work_requests[0]).toMatchObject({
      title: `Maľovanie izby ${tag}`,
      category: 'painting',
      status: 'OPEN',
      client: { id: client.id, name: `Mária ${tag}` },
    });

    const assigned = (
      await admin.agent.get(`/api/work-requests/admin/all?query=${tag}&status=ASSIGNED`)
    ).json();
    expect(assigned.pagination.total).toBe(3);
    expect(assigned.work_requests.every((r: { status: string }) => r.status === 'ASSIGNED')).toBe(
      true,
    );
    const painting = (
      await admin.agent.get(`/api/work-requests/admin/all?query=${tag}&category=painting`)
    ).json();
    expect(painting.work_requests).toHaveLength(1);
    // Accents and case ignored; the client's name is searched too.
    const accentless = (
      await admin.agent.get(`/api/work-requests/admin/all?query=MALOVANIE+izby+${tag}`)
    ).json();
    expect(accentless.pagination.total).toBe(1);
    const byClient = (
      await admin.agent.get(`/api/work-requests/admin/all?query=maria+${tag}&page=2`)
    ).json();
    expect(byClient.pagination).toMatchObject({ page: 2, total: 12 });
    expect(byClient.work_requests).toHaveLength(2);
    // % and _ are plain characters, not wildcards.
    const wildcard = (await admin.agent.get('/api/work-requests/admin/all?query=%25')).json();
    expect(wildcard.pagination.total).toBe(0);

    const bad = await admin.agent.get('/api/work-requests/admin/all?status=COMPLETED');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    expect(bad.json().details[0]).toEqual({ field: 'status', message: 'choice_invalid' });
    const long = await admin.agent.get(`/api/work-requests/admin/all?query=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toEqual({ field: 'query', message: 'too_long' });
  });

  it("shows a request with the client's and the hired provider's contacts", async () => {
    const { client, winner, request } = await assignedRequest();
    const answer = await admin.agent.get(`/api/work-requests/admin/${request.id}`);
    expect(answer.statusCode).toBe(200);
    const shown = answer.json().work_request;
    expect(shown).toMatchObject({
      id: request.id,
      status: 'ASSIGNED',
      contact_name: 'Zuzana Klientová',
      contact_email: client.email,
      accepted_provider_id: winner.id,
      allowed_actions: ['delete', 'view_bids'],
      client: {
        id: client.id,
        name: 'Zuzana Klientová',
        email: client.email,
        phone: '+421 900 123 456',
        contact_email: null,
        account_status: 'active',
      },
      provider: {
        id: winner.id,
        name: 'Ján Obkladač',
        email: winner.email,
        phone: '+421 900 123 456',
        contact_email: winner.email,
      },
    });
    expect(shown.attachments).toHaveLength(1);

    const open = await createWorkRequest(h.database.db, {
      id: client.id,
      name: 'Zuzana Klientová',
      email: client.email,
    });
    const openShown = (await admin.agent.get(`/api/work-requests/admin/${open.id}`)).json();
    expect(openShown.work_request).toMatchObject({ provider: null, client: { id: client.id } });

    const unknown = await admin.agent.get(
      '/api/work-requests/admin/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('request_not_found');
  });

  it('finds requests in the states of issue 32: expired, done and disputed', async () => {
    const tag = `stavy${Date.now()}`;
    const client = await h.signedIn('client', { name: `Eva ${tag}` });
    const someone = { id: client.id, name: `Eva ${tag}`, email: client.email };
    const states = ['EXPIRED', 'DONE', 'DISPUTED', 'OPEN', 'COMPLETED'] as const;
    for (const status of states) {
      await createWorkRequest(h.database.db, someone, {
        title: `Kúrenie ${tag} ${status}`,
        status,
      });
    }
    for (const status of ['EXPIRED', 'DONE', 'DISPUTED'] as const) {
      const found = await admin.agent.get(
        `/api/work-requests/admin/all?query=${tag}&status=${status}`,
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().pagination.total).toBe(1);
      expect(found.json().work_requests[0]).toMatchObject({
        title: `Kúrenie ${tag} ${status}`,
        status,
      });
    }
  });

  it('lists every bid of a request with the provider and their contact', async () => {
    const { winner, loser, request } = await assignedRequest();
    const answer = await admin.agent.get(`/api/admin/bids?work_request_id=${request.id}`);
    expect(answer.statusCode).toBe(200);
    const { bids } = answer.json() as {
      bids: { amount: number; status: string; provider: { id: string } }[];
    };
    expect(bids).toHaveLength(2);
    const won = bids.find((bid) => bid.provider.id === winner.id)!;
    expect(won).toMatchObject({
      amount: 850.5,
      status: 'ACCEPTED',
      work_request_id: request.id,
      provider: { name: 'Ján Obkladač', email: winner.email, contact_email: winner.email },
    });
    expect(bids.find((bid) => bid.provider.id === loser.id)).toMatchObject({
      status: 'REJECTED',
      amount: 990,
    });

    const unknown = await admin.agent.get(
      '/api/admin/bids?work_request_id=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.json().error).toBe('request_not_found');
    const invalid = await admin.agent.get('/api/admin/bids?work_request_id=nope');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toContainEqual({
      field: 'work_request_id',
      message: 'request_not_found',
    });
  });

  it('lets administrators delete a request in any state, with its files, audited', async () => {
    const { client, request } = await assignedRequest();
    expect(h.storedFiles().length).toBeGreaterThan(0);
    const before = h.storedFiles().length;
    // Its own client may not: it is assigned.
    const refused = await client.agent.delete(`/api/work-requests/${request.id}`);
    expect(refused.json().error).toBe('request_not_open');
    const deleted = await admin.agent.delete(`/api/work-requests/${request.id}`);
    expect(deleted.statusCode).toBe(200);
    // The photo and its card preview.
    expect(h.storedFiles()).toHaveLength(before - 2);
    expect(
      await h.database.db.select().from(workRequests).where(eq(workRequests.id, request.id)),
    ).toEqual([]);
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.httpRequestId, deleted.headers['x-request-id'] as string));
    expect(entry).toMatchObject({
      action: 'request.delete',
      actorType: 'administrator',
      actorId: admin.id,
      targetUserId: client.id,
    });

    for (const status of ['COMPLETED', 'CANCELLED'] as const) {
      const done = await createWorkRequest(
        h.database.db,
        { id: client.id, name: 'Zuzana', email: client.email },
        { status },
      );
      expect((await admin.agent.delete(`/api/work-requests/${done.id}`)).statusCode).toBe(200);
    }
  });

  it("shows a disabled client's requests too", async () => {
    const client = await h.signedIn('client');
    const request = await createWorkRequest(h.database.db, {
      id: client.id,
      name: 'Klára',
      email: client.email,
    });
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, client.id));
    const shown = await admin.agent.get(`/api/work-requests/admin/${request.id}`);
    expect(shown.json().work_request).toMatchObject({
      client_account_status: 'disabled',
      client: { account_status: 'disabled' },
    });
  });
});
