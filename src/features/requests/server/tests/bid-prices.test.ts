import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { bidRevisions, bids } from '../../../../server/db/schema';
import { readersOf } from '../../../notifications/server/tests/inbox-world';
import {
  description,
  inDays,
  openRequest,
  place,
  THREE_LINES_CENTS,
  threeLines,
} from './bid-prices-world';

/**
 * docs/bids.md "Priced lines": a bid's lines and total, its validity and its kept revisions. The
 * price after the hire: price-after-hire.test.ts.
 */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

describe('priced lines and their total', () => {
  it('stores the lines, computes the total as the amount, and keeps the first version', async () => {
    const { provider, request } = await openRequest(h);
    const bid = await place(provider, request.id, {
      lines: threeLines,
      valid_until: inDays(10),
      earliest_start: inDays(3),
    });
    expect(bid).toMatchObject({
      amount: THREE_LINES_CENTS / 100,
      amount_cents: THREE_LINES_CENTS,
      revision: 1,
      expired: false,
      valid_until: inDays(10),
      earliest_start: inDays(3),
    });
    expect(
      (bid as unknown as { lines: { total_cents: number }[] }).lines.map((l) => l.total_cents),
    ).toEqual([31_250, 5_970, 1_500]);
    const [stored] = await h.database.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(stored!.amountCents).toBe(THREE_LINES_CENTS);
    expect(stored!.lines).toHaveLength(3);
    const history = await provider.agent.get(`/api/bids/${bid.id}/revisions`);
    expect(history.json().revisions).toMatchObject([
      { revision: 1, reason: 'placed', amount_cents: THREE_LINES_CENTS },
    ]);
  });

  it('keeps a bid without lines valid, as in the spec', async () => {
    const { provider, request } = await openRequest(h);
    const bid = await place(provider, request.id, { amount: 89.5 });
    expect(bid).toMatchObject({ amount_cents: 8_950, lines: [], valid_until: null });
  });

  const line = threeLines[0]!;
  it.each([
    ['a negative quantity', { lines: [{ ...line, quantity: -2 }] }, 'line_quantity_invalid'],
    [
      'a quantity of three decimals',
      { lines: [{ ...line, quantity: 1.005 }] },
      'line_quantity_invalid',
    ],
    ['a quantity as text', { lines: [{ ...line, quantity: '2' }] }, 'line_quantity_invalid'],
    [
      'a negative unit price',
      { lines: [{ ...line, unit_price_cents: -1 }] },
      'line_unit_price_invalid',
    ],
    [
      'a unit price in fractions of a cent',
      { lines: [{ ...line, unit_price_cents: 0.5 }] },
      'line_unit_price_invalid',
    ],
    ['21 lines', { lines: Array(21).fill(line) }, 'bid_lines_limit'],
    ['an empty label', { lines: [{ ...line, label: '  ' }] }, 'line_label_length'],
    ['an unknown kind', { lines: [{ ...line, kind: 'bribe' }] }, 'choice_invalid'],
    [
      'lines whose total passes a million euros',
      { lines: Array(20).fill({ ...line, quantity: 100_000, unit_price_cents: 100_000_000 }) },
      'amount_too_high',
    ],
    ['lines that come to nothing', { lines: [{ ...line, unit_price_cents: 0 }] }, 'amount_invalid'],
    [
      'an amount that is not the lines’ total',
      { lines: threeLines, amount: 100 },
      'bid_total_mismatch',
    ],
    ['neither lines nor an amount', {}, 'amount_invalid'],
    ['a past valid_until', { amount: 50, valid_until: '2020-01-01' }, 'valid_until_past'],
    ['an absurd valid_until', { amount: 50, valid_until: '2026-02-31' }, 'deadline_invalid'],
    [
      'an earliest_start that is no date',
      { amount: 50, earliest_start: 'zajtra' },
      'deadline_invalid',
    ],
  ])('refuses %s with its code, storing nothing', async (_, body, message) => {
    const { provider, request } = await openRequest(h);
    const answer = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      description,
      ...body,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details.map((d: { message: string }) => d.message)).toContain(message);
    expect(
      await h.database.db.select().from(bids).where(eq(bids.workRequestId, request.id)),
    ).toEqual([]);
  });

  it('refuses a NUL in a label, and a label of a megabyte, with a 4xx', async () => {
    const { provider, request } = await openRequest(h);
    const nul = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      description,
      lines: [{ ...line, label: 'Práca\u0000' }],
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBe('validation_failed');
    const huge = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      description,
      lines: [{ ...line, label: 'a'.repeat(1_000_000) }],
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.body).not.toMatch(/stack|postgres|drizzle/i);
    expect(
      await h.database.db.select().from(bids).where(eq(bids.workRequestId, request.id)),
    ).toEqual([]);
  });
});

describe('revisions and their history', () => {
  it('keeps every revision; the client is told of those after they first saw the bid', async () => {
    const { client, provider, request, title } = await openRequest(h);
    const bid = await place(provider, request.id);
    const revise = (body: object) =>
      provider.agent.put(`/api/bids/${bid.id}`, { description, ...body });

    // Before the client has looked: revised, but nobody is told.
    expect((await revise({ amount: 300 })).statusCode).toBe(200);
    expect(await readersOf(h, 'bid_changed', title)).toEqual([]);

    const seen = await client.agent.get(`/api/bids/work-request/${request.id}`);
    expect(seen.json().bids[0]).toMatchObject({ revision: 2, amount_cents: 30_000 });
    expect(seen.json().bids[0].revised_at).not.toBeNull();

    const third = await revise({ lines: threeLines.slice(0, 2), valid_until: inDays(5) });
    expect(third.statusCode).toBe(200);
    expect(third.json().bid).toMatchObject({ revision: 3, amount_cents: 31_250 + 5_970 });
    expect(await readersOf(h, 'bid_changed', title)).toEqual([client.id]);

    const history = (await client.agent.get(`/api/bids/${bid.id}/revisions`)).json().revisions;
    expect(
      history.map((r: { revision: number; reason: string; amount_cents: number }) => [
        r.revision,
        r.reason,
        r.amount_cents,
      ]),
    ).toEqual([
      [1, 'placed', THREE_LINES_CENTS],
      [2, 'revision', 30_000],
      [3, 'revision', 37_220],
    ]);
    expect(history[2].lines).toHaveLength(2);

    // Nobody else learns the bid exists.
    const stranger = await h.signedIn('provider');
    expect((await stranger.agent.get(`/api/bids/${bid.id}/revisions`)).statusCode).toBe(404);
    const otherClient = await h.signedIn('client');
    expect((await otherClient.agent.get(`/api/bids/${bid.id}/revisions`)).statusCode).toBe(404);
  });

  it('refuses accepting a price revised since the client saw it, and revising an accepted one', async () => {
    const first = await openRequest(h);
    const seen = await place(first.provider, first.request.id, { amount: 200 });
    await first.provider.agent.put(`/api/bids/${seen.id}`, { description, amount: 260 });
    const stale = await first.client.agent.patch(`/api/bids/${seen.id}/accept`, { revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('bid_revised');
    const fresh = await first.client.agent.patch(`/api/bids/${seen.id}/accept`, { revision: 2 });
    expect(fresh.json().bid).toMatchObject({ status: 'ACCEPTED', amount_cents: 26_000 });
    const late = await first.provider.agent.put(`/api/bids/${seen.id}`, {
      description,
      amount: 300,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('bid_not_pending');
  });

  it('accepting while the provider revises has exactly one outcome', async () => {
    for (let round = 0; round < 6; round++) {
      const { client, provider, request } = await openRequest(h);
      const bid = await place(provider, request.id, { amount: 200 });
      const [accepted, revised] = await Promise.all([
        client.agent.patch(`/api/bids/${bid.id}/accept`, { revision: 1 }),
        provider.agent.put(`/api/bids/${bid.id}`, { description, amount: 260 }),
      ]);
      const [stored] = await h.database.db.select().from(bids).where(eq(bids.id, bid.id));
      const history = await h.database.db
        .select()
        .from(bidRevisions)
        .where(eq(bidRevisions.bidId, bid.id));
      if (accepted.statusCode === 200) {
        // Accepted first: at the price the client saw; the revision came too late.
        expect(revised.statusCode).toBe(409);
        expect(revised.json().error).toBe('bid_not_pending');
        expect(stored).toMatchObject({ status: 'ACCEPTED', amountCents: 20_000, revision: 1 });
        expect(history).toHaveLength(1);
      } else {
        // Revised first: the client is refused the price they did not see.
        expect(revised.statusCode).toBe(200);
        expect(accepted.statusCode).toBe(409);
        expect(accepted.json().error).toBe('bid_revised');
        expect(stored).toMatchObject({ status: 'PENDING', amountCents: 26_000, revision: 2 });
        expect(history).toHaveLength(2);
      }
    }
  });
});

describe('a bid past valid_until', () => {
  it('cannot be accepted; the client may ask once for a new price, and the revision answers it', async () => {
    const { client, provider, request, title } = await openRequest(h);
    const bid = await place(provider, request.id, { amount: 150, valid_until: inDays(2) });
    // Time moves: the price held until a day now gone.
    await h.database.db.update(bids).set({ validUntil: '2026-01-05' }).where(eq(bids.id, bid.id));

    const listed = (await client.agent.get(`/api/bids/work-request/${request.id}`)).json().bids[0];
    expect(listed).toMatchObject({ expired: true, allowed_actions: ['request_price'] });
    const accept = await client.agent.patch(`/api/bids/${bid.id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error).toBe('bid_expired');

    const asked = await client.agent.post(`/api/bids/${bid.id}/price-request`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().bid.price_requested_at).not.toBeNull();
    expect(await readersOf(h, 'price_requested', title)).toEqual([provider.id]);
    const again = await client.agent.post(`/api/bids/${bid.id}/price-request`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('price_already_requested');
    // The provider may not ask it of themself.
    expect((await provider.agent.post(`/api/bids/${bid.id}/price-request`)).statusCode).toBe(403);

    const renewed = await provider.agent.put(`/api/bids/${bid.id}`, {
      description,
      amount: 170,
      valid_until: inDays(7),
    });
    expect(renewed.json().bid).toMatchObject({ expired: false, price_requested_at: null });
    expect((await client.agent.patch(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
  });

  it('a bid still valid needs no new price', async () => {
    const { client, provider, request } = await openRequest(h);
    const bid = await place(provider, request.id, { amount: 150, valid_until: inDays(2) });
    const asked = await client.agent.post(`/api/bids/${bid.id}/price-request`);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toBe('bid_not_expired');
  });
});
