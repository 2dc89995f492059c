import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { bids, workRequests } from '../../../../server/db/schema';

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
