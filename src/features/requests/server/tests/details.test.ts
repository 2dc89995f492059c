import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { PDF, PNG, TEXT, file, requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { bids, users, workRequests } from '../../../../server/db/schema';

let h: AccountsHarness;
let owner: { agent: Agent; email: string; id: string };
let admin: Agent;
let request: { id: string; attachments: { id: string; filename: string }[] };

const fields = {
  title: 'Montáž kuchynskej linky',
  category: 'furniture_assembly',
  description: 'Linka 3,6 m vrátane zapojenia drezu.',
  location: 'Žilina',
};

async function post(agent: Agent, files: File[] = []) {
  const response = await agent.form('POST', '/api/work-requests', requestForm(fields, files));
  expect(response.statusCode).toBe(201);
  return response.json().work_request;
}

beforeAll(async () => {
  h = await accountsHarness();
  owner = await h.signedIn('client', { name: 'Oľga Majiteľka' });
  request = await post(owner.agent, [
    file(PNG, 'linka.png', 'image/png'),
    file(PDF, 'nákres linky.pdf', 'application/pdf'),
    file(TEXT, 'rozmery.txt', 'text/plain'),
  ]);
  admin = (await h.signedIn('administrator')).agent;
});
afterAll(async () => h.close());

describe('GET /api/work-requests/:id', () => {
  it('is for signed-in people only', async () => {
    const response = await h.agent().get(`/api/work-requests/${request.id}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('not_authenticated');
  });

  it('answers 404 request_not_found for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await owner.agent.get(`/api/work-requests/${id}`);
      expect(response.statusCode, id).toBe(id === 'not-an-id' ? 400 : 404);
    }
    expect(
      (await owner.agent.get('/api/work-requests/00000000-0000-4000-8000-000000000000')).json()
        .error,
    ).toBe('request_not_found');
  });

  it('shows the client contact to the owner and administrators only, until a bid is accepted', async () => {
    const seen = async (agent: Agent) =>
      (await agent.get(`/api/work-requests/${request.id}`)).json().work_request;
    expect(await seen(owner.agent)).toMatchObject({
      contact_name: 'Oľga Majiteľka',
      contact_email: owner.email,
      is_owner: true,
      allowed_actions: ['cancel', 'delete', 'view_bids', 'extend'],
    });
    expect(await seen(admin)).toMatchObject({
      contact_name: 'Oľga Majiteľka',
      allowed_actions: ['delete', 'view_bids'],
    });

    const winner = await h.signedIn('provider');
    const loser = await h.signedIn('provider');
    const other = await h.signedIn('client');
    for (const agent of [winner.agent, loser.agent, other.agent]) {
      const view = await seen(agent);
      expect(view).toMatchObject({
        contact_name: null,
        contact_email: null,
        is_owner: false,
        allowed_actions: expect.not.arrayContaining(['delete']),
      });
      expect(JSON.stringify(view)).not.toContain(owner.email);
    }

    // Acceptance (the bids feature's job) makes the winner, and only the winner, see the contact.
    const [bid, lost] = await h.database.db
      .insert(bids)
      .values([
        {
          workRequestId: request.id,
          providerId: winner.id,
          amountCents: 25000,
          description: 'Urobím to za dva dni.',
          status: 'ACCEPTED',
        },
        {
          workRequestId: request.id,
          providerId: loser.id,
          amountCents: 20000,
          description: 'Urobím to za týždeň.',
          status: 'REJECTED',
        },
      ])
      .returning();
    await h.database.db
      .update(workRequests)
      .set({ status: 'ASSIGNED', acceptedBidId: bid!.id })
      .where(eq(workRequests.id, request.id));
    expect(await seen(winner.agent)).toMatchObject({
      contact_name: 'Oľga Majiteľka',
      contact_email: owner.email,
    });
    expect(await seen(loser.agent)).toMatchObject({ contact_name: null, contact_email: null });
    // An assigned request is no longer anybody's to open (docs/requests.md).
    const refused = await other.agent.get(`/api/work-requests/${request.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('request_not_found');
    await h.database.db
      .update(workRequests)
      .set({ status: 'OPEN', acceptedBidId: null })
      .where(eq(workRequests.id, request.id));
    await h.database.db.delete(bids).where(inArray(bids.id, [bid!.id, lost!.id]));
  });

  it("says when the client's account is disabled", async () => {
    const { agent, id } = await h.signedIn('client');
    const mine = await post(agent);
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'self' })
      .where(eq(users.id, id));
    const view = (await owner.agent.get(`/api/work-requests/${mine.id}`)).json().work_request;
    expect(view.client_account_status).toBe('disabled');
  });
});

describe('attachment downloads', () => {
  const url = (attachmentId: string, query = '') =>
    `/api/work-requests/${request.id}/attachments/${attachmentId}/download${query}`;

  it('are for signed-in people only', async () => {
    expect((await h.agent().get(url(request.attachments[0]!.id))).statusCode).toBe(401);
  });

  it('serve the exact bytes with the detected type and a safe file name', async () => {
    const provider = (await h.signedIn('provider')).agent;
    const [png, pdf, txt] = request.attachments;
    const image = await provider.get(url(png!.id, '?disposition=inline'));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="linka.png"; filename*=UTF-8''linka.png`,
    );
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const document = await provider.get(url(pdf!.id));
    expect(document.headers['content-disposition']).toBe(
      `attachment; filename="nakres linky.pdf"; filename*=UTF-8''n%C3%A1kres%20linky.pdf`,
    );
    const inlinePdf = await provider.get(url(pdf!.id, '?disposition=inline'));
    expect(inlinePdf.headers['content-disposition']).toMatch(/^inline;/);
    expect(inlinePdf.headers['content-security-policy']).toBe(
      "default-src 'none'; object-src 'self'",
    );
    // The attachment viewer shows it in a frame of the site's page, and only there.
    expect(inlinePdf.headers['x-frame-options']).toBe('SAMEORIGIN');

    // Text is never shown inline and never sniffed into something else.
    const text = await provider.get(url(txt!.id, '?disposition=inline'));
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-disposition']).toMatch(/^attachment;/);
    expect(text.headers['content-security-policy']).toContain('sandbox');
  });

  it('answer 404 for an attachment of another request', async () => {
    const other = await post((await h.signedIn('client')).agent, [file(PNG, 'x.png')]);
    const response = await owner.agent.get(
      `/api/work-requests/${request.id}/attachments/${other.attachments[0].id}/download`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('attachment_not_found');
  });
});

describe('GET /api/work-requests/my', () => {
  it("lists the client's own requests in every status, and nobody else's", async () => {
    const me = await h.signedIn('client');
    const first = await post(me.agent);
    const second = await post(me.agent);
    await h.database.db
      .update(workRequests)
      .set({ status: 'CANCELLED' })
      .where(eq(workRequests.id, first.id));
    const body = (await me.agent.get('/api/work-requests/my')).json();
    expect(body.work_requests.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual(
      [
        [second.id, 'OPEN'],
        [first.id, 'CANCELLED'],
      ],
    );
    expect((await h.agent().get('/api/work-requests/my')).statusCode).toBe(401);
  });
});

describe('DELETE /api/work-requests/:id', () => {
  it('lets the owner delete an open request, with its files', async () => {
    const me = await h.signedIn('client');
    const mine = await post(me.agent, [file(PNG, 'a.png')]);
    const filesBefore = h.storedFiles().length;
    expect((await me.agent.delete(`/api/work-requests/${mine.id}`)).statusCode).toBe(200);
    expect((await me.agent.get(`/api/work-requests/${mine.id}`)).statusCode).toBe(404);
    // The photo and its card preview.
    expect(h.storedFiles()).toHaveLength(filesBefore - 2);
  });

  it('refuses another client', async () => {
    const stranger = (await h.signedIn('client')).agent;
    const response = await stranger.delete(`/api/work-requests/${request.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('insufficient_permissions');
  });

  it('refuses the owner once the request is assigned, but not an administrator', async () => {
    const me = await h.signedIn('client');
    const mine = await post(me.agent);
    await h.database.db
      .update(workRequests)
      .set({ status: 'ASSIGNED' })
      .where(eq(workRequests.id, mine.id));
    const response = await me.agent.delete(`/api/work-requests/${mine.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('request_not_open');
    expect((await admin.delete(`/api/work-requests/${mine.id}`)).statusCode).toBe(200);
  });

  it('takes the bids with it', async () => {
    const me = await h.signedIn('client');
    const mine = await post(me.agent);
    const provider = await h.signedIn('provider');
    await h.database.db.insert(bids).values({
      workRequestId: mine.id,
      providerId: provider.id,
      amountCents: 1000,
      description: 'Hneď zajtra ráno.',
    });
    await me.agent.delete(`/api/work-requests/${mine.id}`);
    expect(
      await h.database.db.select().from(bids).where(eq(bids.workRequestId, mine.id)),
    ).toHaveLength(0);
  });
});
