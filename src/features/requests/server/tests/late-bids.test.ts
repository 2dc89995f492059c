import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createWorkRequest } from '../../../../../tests/factories';
import { workRequests } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import {
  bid,
  person,
  queuedMails,
  rowsOf,
  type Person,
} from '../../../notifications/server/tests/inbox-world';
import { expireDueRequests } from '../expiry';

/**
 * A bid once its request's time for bids is over (docs/requests.md "Time for bids"): its price
 * stands from `bids_until` on, even before the expiry job ran (withdrawing stays allowed), and
 * when its client extends an expired request its pending bidders are told it takes bids again.
 * Time is moved by rewriting `bids_until`, never waited.
 */
let h: AccountsHarness;
let events: EventBus;

beforeAll(async () => {
  h = await accountsHarness({ eventHandlers: (bus) => (events = bus) });
});
afterAll(async () => h.close());

const HOUR = 60 * 60_000;
let counter = 0;

async function setBidsUntil(workRequestId: string, bidsUntil: Date) {
  await h.database.db
    .update(workRequests)
    .set({ bidsUntil })
    .where(eq(workRequests.id, workRequestId));
}

/** An open request of `client` that takes bids for one more hour of real time. */
async function endingRequest(client: Person) {
  const title = `Oprava kohútika v kuchyni ${++counter}`;
  const request = await createWorkRequest(h.database.db, client, { title });
  const bidsUntil = new Date(Date.now() + HOUR);
  await setBidsUntil(request.id, bidsUntil);
  return { id: request.id, title, bidsUntil };
}

/** The provider's own bid as the request's bid list shows it to them. */
async function ownBid(provider: Person, workRequestId: string) {
  const listed = await provider.agent.get(`/api/bids/work-request/${workRequestId}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().bids[0];
}

const revise = (provider: Person, bidId: string, amount: number) =>
  provider.agent.put(`/api/bids/${bidId}`, {
    amount,
    description: 'Nová cena, kohútik už mám na sklade.',
  });

describe('a pending bid after bids_until', () => {
  it('can be changed until bids_until, then only withdrawn, before the expiry job ran', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const request = await endingRequest(client);
    const bidId = await bid(provider, request.id, 120);

    // While the request takes bids, the bidder may revise.
    const before = await ownBid(provider, request.id);
    expect(before.allowed_actions).toEqual(['change', 'withdraw']);
    expect(before.work_request).toMatchObject({
      bids_until: request.bidsUntil.toISOString(),
      bids_closed: false,
    });
    const revised = await revise(provider, bidId, 110);
    expect(revised.statusCode, revised.body).toBe(200);

    // The time runs out; the job has not run, the request is still OPEN.
    await setBidsUntil(request.id, new Date(Date.now() - 1_000));
    const late = await ownBid(provider, request.id);
    expect(late.allowed_actions).toEqual(['withdraw']);
    const refused = await revise(provider, bidId, 90);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('request_expired');
    const [row] = await h.database.db
      .select({ status: workRequests.status })
      .from(workRequests)
      .where(eq(workRequests.id, request.id));
    expect(row!.status).toBe('OPEN');

    // The price the client sees is the one of the moment bidding closed.
    const seen = await client.agent.get(`/api/bids/work-request/${request.id}`);
    expect(seen.json().bids[0]).toMatchObject({ amount: 110, revision: 2 });
    expect(seen.json().bids[0].allowed_actions).toEqual(['accept']);

    // "My bids" reads it from the server: revised, and no more bids taken since bids_until.
    const mine = await provider.agent.get(`/api/bids/provider/${provider.id}`);
    expect(mine.json().bids[0]).toMatchObject({
      revision: 2,
      allowed_actions: ['withdraw'],
      work_request: { id: request.id, status: 'OPEN', bids_closed: true },
    });

    // Taking it back stays allowed.
    expect((await provider.agent.delete(`/api/bids/${bidId}`)).statusCode).toBe(200);
  });
});

describe('an expired request extended', () => {
  it('tells the providers whose bids wait that it takes bids again, and nobody else', async () => {
    const client = await person(h, 'client');
    const waiting = await person(h, 'provider');
    const gone = await person(h, 'provider');
    const request = await endingRequest(client);
    const bidId = await bid(waiting, request.id, 150);
    const goneBid = await bid(gone, request.id, 140);
    expect((await gone.agent.delete(`/api/bids/${goneBid}`)).statusCode).toBe(200);
    await expireDueRequests(
      { db: h.database.db, events },
      new Date(request.bidsUntil.getTime() + 1_000),
    );
    expect((await revise(waiting, bidId, 130)).json().error).toBe('request_expired');
    expect((await ownBid(waiting, request.id)).work_request).toMatchObject({
      status: 'EXPIRED',
      bids_closed: true,
    });

    const extended = await client.agent.patch(`/api/work-requests/${request.id}/extend`, {
      days: 7,
    });
    expect(extended.statusCode, extended.body).toBe(200);

    const told = (await rowsOf(h, 'bidding_reopened')).filter(
      (row) => row.workRequestId === request.id,
    );
    expect(told.map((row) => row.userId)).toEqual([waiting.id]);
    // What it says: the request and its title, nothing of its client.
    expect(told[0]!.data).toEqual({ work_request_id: request.id, title: request.title });
    expect(told[0]!.link).toBe(`/request/${request.id}`);

    const [mail] = await queuedMails(h, waiting.email, 'biddingReopened');
    expect(mail!.subject).toContain(request.title);
    expect(JSON.stringify(mail)).not.toContain(client.email);
    expect(await queuedMails(h, gone.email, 'biddingReopened')).toHaveLength(0);
    expect(await queuedMails(h, client.email, 'biddingReopened')).toHaveLength(0);

    // And so it is: the bid may change again.
    const reopened = await ownBid(waiting, request.id);
    expect(reopened.allowed_actions).toEqual(['change', 'withdraw']);
    expect(reopened.work_request).toMatchObject({ status: 'OPEN', bids_closed: false });
    expect((await revise(waiting, bidId, 130)).statusCode).toBe(200);
  });

  it('tells nobody when the request was still open: only its end moved', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const request = await endingRequest(client);
    await bid(provider, request.id);
    const extended = await client.agent.patch(`/api/work-requests/${request.id}/extend`, {
      days: 3,
    });
    expect(extended.statusCode).toBe(200);
    const told = (await rowsOf(h, 'bidding_reopened')).filter(
      (row) => row.workRequestId === request.id,
    );
    expect(told).toHaveLength(0);
    expect(await queuedMails(h, provider.email, 'biddingReopened')).toHaveLength(0);
  });
});
