import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { bids, workRequests } from '../../../../server/db/schema';
import { whileAccountIsDeleted } from '../../../../../tests/support/deleting-account';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

async function openRequestWithBid() {
  const client = await h.signedIn('client');
  const response = await client.agent.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title: 'Maľovanie spálne',
      category: 'painting',
      description: 'Steny a strop, asi 40 m².',
      location: 'Nitra',
    }),
  );
  const request = response.json().work_request as { id: string };
  const provider = await h.signedIn('provider');
  const bid = (
    await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 240,
      description: 'Vymaľujem za jeden deň, farbu dodám.',
    })
  ).json().bid as { id: string };
  return { client, provider, request, bid };
}

const status = async (id: string) =>
  (
    await h.database.db
      .select({ status: workRequests.status })
      .from(workRequests)
      .where(eq(workRequests.id, id))
  )[0]!.status;

describe('request lifecycle beyond the spec', () => {
  it('the client cancels an open request; its bids are rejected', async () => {
    const { client, provider, request, bid } = await openRequestWithBid();
    expect((await provider.agent.patch(`/api/work-requests/${request.id}/cancel`)).statusCode).toBe(
      403,
    );
    const response = await client.agent.patch(`/api/work-requests/${request.id}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json().work_request.status).toBe('CANCELLED');
    const [row] = await h.database.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.status).toBe('REJECTED');
    expect((await client.agent.patch(`/api/work-requests/${request.id}/cancel`)).json().error).toBe(
      'request_not_open',
    );
  });

  it('the client marks an assigned request completed, not an open one', async () => {
    const { client, request, bid } = await openRequestWithBid();
    expect(
      (await client.agent.patch(`/api/work-requests/${request.id}/complete`)).json().error,
    ).toBe('request_not_assigned');
    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    const response = await client.agent.patch(`/api/work-requests/${request.id}/complete`);
    expect(response.statusCode).toBe(200);
    expect(await status(request.id)).toBe('COMPLETED');
  });
});

describe('changing and withdrawing a bid', () => {
  it('the provider changes a pending bid on an open request', async () => {
    const { provider, bid } = await openRequestWithBid();
    const response = await provider.agent.put(`/api/bids/${bid.id}`, {
      amount: 199.99,
      description: 'Po obhliadke lacnejšie, farbu dodám.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().bid).toMatchObject({
      amount: 199.99,
      description: 'Po obhliadke lacnejšie, farbu dodám.',
    });
  });

  it('only its own provider may change or withdraw it', async () => {
    const { bid } = await openRequestWithBid();
    const other: Agent = (await h.signedIn('provider')).agent;
    expect(
      (await other.put(`/api/bids/${bid.id}`, { amount: 1, description: 'Prebijem každú ponuku.' }))
        .statusCode,
    ).toBe(403);
    expect((await other.delete(`/api/bids/${bid.id}`)).statusCode).toBe(403);
  });

  it('the provider withdraws a pending bid and may bid again', async () => {
    const { provider, request, bid } = await openRequestWithBid();
    expect((await provider.agent.delete(`/api/bids/${bid.id}`)).statusCode).toBe(200);
    expect(await h.database.db.select().from(bids).where(eq(bids.id, bid.id))).toHaveLength(0);
    const again = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 230,
      description: 'Nová ponuka po zvážení.',
    });
    expect(again.statusCode).toBe(201);
  });

  it('an accepted bid can be neither changed nor withdrawn', async () => {
    const { client, provider, bid } = await openRequestWithBid();
    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    expect(
      (
        await provider.agent.put(`/api/bids/${bid.id}`, {
          amount: 999,
          description: 'Zmenil som názor na cenu.',
        })
      ).json().error,
    ).toBe('bid_not_pending');
    expect((await provider.agent.delete(`/api/bids/${bid.id}`)).json().error).toBe(
      'bid_not_pending',
    );
  });
});

describe('rules held under the row lock', () => {
  it('a request assigned a moment before its deletion is not deleted', async () => {
    const { client, request, bid } = await openRequestWithBid();
    const [accepted, deleted] = await Promise.all([
      client.agent.patch(`/api/bids/${bid.id}/accept`),
      client.agent.delete(`/api/work-requests/${request.id}`),
    ]);
    // Whichever came first wins; never both: an assigned request stays, a deleted one has no winner.
    if (accepted.statusCode === 200) {
      expect(deleted.json().error).toBe('request_not_open');
      expect(await status(request.id)).toBe('ASSIGNED');
    } else {
      expect(deleted.statusCode).toBe(200);
      expect(accepted.statusCode).toBe(404);
    }
    const after = await client.agent.delete(`/api/work-requests/${request.id}`);
    expect([409, 404]).toContain(after.statusCode);
  });

  it('sends each viewer what they may do next', async () => {
    const { client, provider, request, bid } = await openRequestWithBid();
    const detail = async (agent: Agent) =>
      (await agent.get(`/api/work-requests/${request.id}`)).json().work_request.allowed_actions;
    const bidOf = async (agent: Agent) =>
      (await agent.get(`/api/bids/work-request/${request.id}`)).json().bids[0].allowed_actions;
    expect(await detail(client.agent)).toEqual(['cancel', 'delete', 'view_bids', 'extend']);
    expect(await detail(provider.agent)).toEqual(['view_bids']);
    // A provider who has not bid has no bids to see: only the form.
    expect(await detail((await h.signedIn('provider')).agent)).toEqual(['place_bid']);
    // Another client sees no bids at all, so the page asks for none.
    expect(await detail((await h.signedIn('client')).agent)).toEqual([]);
    expect(await bidOf(client.agent)).toEqual(['accept']);
    expect(await bidOf(provider.agent)).toEqual(['change', 'withdraw']);

    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    expect(await detail(client.agent)).toEqual([
      'complete',
      'report_problem',
      'review',
      'view_bids',
    ]);
    // The hired provider may say the job is done (docs/requests.md "Completion").
    expect(await detail(provider.agent)).toEqual(['mark_done', 'view_bids']);
    expect(await bidOf(client.agent)).toEqual([]);
    // After the hire the price changes only by a proposal the client answers.
    expect(await bidOf(provider.agent)).toEqual(['propose_price']);
    const mine = (await client.agent.get('/api/work-requests/my')).json().work_requests;
    expect(mine.find((item: { id: string }) => item.id === request.id).allowed_actions).toEqual([
      'complete',
      'report_problem',
      'review',
      'view_bids',
    ]);
  });
});

describe('when the winning provider deletes their account', () => {
  it('the request opens again with the other bids pending, and the client is told', async () => {
    const { client, provider, request, bid } = await openRequestWithBid();
    const second = await h.signedIn('provider');
    const other = (
      await second.agent.post('/api/bids', {
        work_request_id: request.id,
        amount: 300,
        description: 'Môžem začať budúci týždeň.',
      })
    ).json().bid as { id: string };
    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    const since = h.mailbox.mails.length;

    expect((await provider.agent.delete('/api/users/account')).statusCode).toBe(200);

    const [row] = await h.database.db
      .select()
      .from(workRequests)
      .where(eq(workRequests.id, request.id));
    expect(row).toMatchObject({ status: 'OPEN', acceptedBidId: null });
    const [left] = await h.database.db.select().from(bids).where(eq(bids.id, other.id));
    expect(left!.status).toBe('PENDING');
    const mail = await h.mailbox.waitFor(client.email, since);
    expect(mail.text).toContain(`/request/${request.id}`);
    expect(
      (await client.agent.get(`/api/work-requests/${request.id}`)).json().work_request
        .allowed_actions,
    ).toEqual(['cancel', 'delete', 'view_bids', 'extend']);
    expect((await client.agent.patch(`/api/bids/${other.id}/accept`)).statusCode).toBe(200);
  });

  it('a completed job stays completed', async () => {
    const { client, provider, request, bid } = await openRequestWithBid();
    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    await client.agent.patch(`/api/work-requests/${request.id}/complete`);
    await provider.agent.delete('/api/users/account');
    expect(await status(request.id)).toBe('COMPLETED');
  });
});

describe('a bid placed while its provider’s account is being deleted', () => {
  it('signs the provider out (401) instead of failing, and leaves no bid behind', async () => {
    const { request } = await openRequestWithBid();
    const provider = await h.signedIn('provider');
    // The deletion holds the account's row until the bid waits on it, then commits.
    const answer = await whileAccountIsDeleted(h.database, provider.id, () =>
      provider.agent.post('/api/bids', {
        work_request_id: request.id,
        amount: 260,
        description: 'Vymaľujem za jeden deň, farbu dodám.',
      }),
    );
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toBe('not_authenticated');
    expect(await h.database.db.select().from(bids).where(eq(bids.providerId, provider.id))).toEqual(
      [],
    );
  });
});
