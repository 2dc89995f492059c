import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { bidRevisions, bids, priceProposals } from '../../../../server/db/schema';
import { queuedMails, readersOf } from '../../../notifications/server/tests/inbox-world';

/**
 * docs/bids.md "Priced lines": a bid's lines and total, its validity, its kept revisions, and the
 * price after the hire, which changes only when the client accepts a proposal.
 */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

let counter = 0;
/** A client with an open request, and a provider ready to bid on it. */
async function openRequest() {
  const client = await h.signedIn('client', { name: 'Klára Klientová' });
  const provider = await h.signedIn('provider');
  const title = `Obklad kúpeľne ${++counter}`;
  const request = await createWorkRequest(
    h.database.db,
    { ...client, name: 'Klára Klientová' },
    { title },
  );
  return { client, provider, request, title };
}

const threeLines = [
  { label: 'Práca obkladača', kind: 'labour', quantity: 12.5, unit: 'h', unit_price_cents: 2_500 },
  {
    label: 'Lepidlo a škárovačka',
    kind: 'material',
    quantity: 3,
    unit: 'vrece',
    unit_price_cents: 1_990,
  },
  { label: 'Výjazd', kind: 'call_out', quantity: 1, unit: '', unit_price_cents: 1_500 },
];
/** 12.5 × 25 € + 3 × 19.90 € + 15 € */
const THREE_LINES_CENTS = 31_250 + 5_970 + 1_500;

const description = 'Obložím kúpeľňu do troch dní, materiál prinesiem.';
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function place(
  provider: Awaited<ReturnType<AccountsHarness['signedIn']>>,
  workRequestId: string,
  extra: object = { lines: threeLines },
) {
  const answer = await provider.agent.post('/api/bids', {
    work_request_id: workRequestId,
    description,
    ...extra,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().bid as { id: string; amount_cents: number; revision: number };
}

describe('priced lines and their total', () => {
  it('stores the lines, computes the total as the amount, and keeps the first version', async () => {
    const { provider, request } = await openRequest();
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
    const { provider, request } = await openRequest();
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
    const { provider, request } = await openRequest();
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
    const { provider, request } = await openRequest();
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
    const { client, provider, request, title } = await openRequest();
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
    const first = await openRequest();
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
      const { client, provider, request } = await openRequest();
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
    const { client, provider, request, title } = await openRequest();
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
    const { client, provider, request } = await openRequest();
    const bid = await place(provider, request.id, { amount: 150, valid_until: inDays(2) });
    const asked = await client.agent.post(`/api/bids/${bid.id}/price-request`);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toBe('bid_not_expired');
  });
});

describe('the price after the hire', () => {
  it('changes only when the client accepts the provider’s proposal; both are told', async () => {
    const { client, provider, request, title } = await openRequest();
    const bid = await place(provider, request.id);
    expect((await client.agent.patch(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);

    // Neither side changes the accepted price alone.
    const alone = await provider.agent.put(`/api/bids/${bid.id}`, { description, amount: 999 });
    expect(alone.json().error).toBe('bid_not_pending');
    const byClient = await client.agent.post(`/api/bids/${bid.id}/price-proposal`, {
      amount: 10,
      note: 'Chcem to lacnejšie.',
    });
    expect(byClient.statusCode).toBe(403);

    const extra = {
      label: 'Dlažba navyše',
      kind: 'material',
      quantity: 2,
      unit: 'm²',
      unit_price_cents: 2_000,
    };
    const proposed = await provider.agent.post(`/api/bids/${bid.id}/price-proposal`, {
      lines: [...threeLines, extra],
      note: 'Pod starým obkladom bola prasknutá dlažba.',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().bid).toMatchObject({
      amount_cents: THREE_LINES_CENTS,
      pending_proposal: { amount_cents: THREE_LINES_CENTS + 4_000 },
      allowed_actions: [],
    });
    expect(await readersOf(h, 'price_proposed', title)).toEqual([client.id]);
    const second = await provider.agent.post(`/api/bids/${bid.id}/price-proposal`, {
      amount: 500,
      note: 'Ešte jedna zmena.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('price_proposal_pending');
    // Only the client answers.
    const self = await provider.agent.patch(`/api/bids/${bid.id}/price-proposal`, {
      answer: 'accept',
    });
    expect(self.statusCode).toBe(403);

    const seen = (await client.agent.get(`/api/bids/work-request/${request.id}`)).json().bids[0];
    expect(seen.allowed_actions).toEqual(['answer_proposal']);
    const yes = await client.agent.patch(`/api/bids/${bid.id}/price-proposal`, {
      answer: 'accept',
    });
    expect(yes.statusCode).toBe(200);
    expect(yes.json().bid).toMatchObject({
      amount_cents: THREE_LINES_CENTS + 4_000,
      revision: 2,
      pending_proposal: null,
    });
    expect(yes.json().bid.lines).toHaveLength(4);
    expect(await readersOf(h, 'price_accepted', title)).toEqual([provider.id]);
    const history = (await client.agent.get(`/api/bids/${bid.id}/revisions`)).json().revisions;
    expect(history.map((r: { reason: string }) => r.reason)).toEqual(['placed', 'price_agreed']);

    // A second proposal, declined: the agreed price stays.
    await provider.agent.post(`/api/bids/${bid.id}/price-proposal`, {
      amount: 600,
      note: 'Drahší materiál.',
    });
    const no = await client.agent.patch(`/api/bids/${bid.id}/price-proposal`, {
      answer: 'decline',
    });
    expect(no.json().bid).toMatchObject({
      amount_cents: THREE_LINES_CENTS + 4_000,
      pending_proposal: null,
    });
    expect(await readersOf(h, 'price_declined', title)).toEqual([provider.id]);
    // By mail too, each in its reader's language (Slovak here), amounts in its format.
    const [proposalMail] = await queuedMails(h, client.email, 'priceProposed');
    expect(proposalMail!.text).toMatch(/427,20\s€ namiesto dohodnutých 387,20\s€/);
    const toProvider = (await queuedMails(h, provider.email)).map((mail) => mail.kind);
    expect(toProvider).toEqual(expect.arrayContaining(['priceAccepted', 'priceDeclined']));
    const nothing = await client.agent.patch(`/api/bids/${bid.id}/price-proposal`, {
      answer: 'accept',
    });
    expect(nothing.json().error).toBe('price_proposal_not_found');
    const rows = await h.database.db
      .select()
      .from(priceProposals)
      .where(eq(priceProposals.bidId, bid.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['ACCEPTED', 'DECLINED']);
  });

  it('keeps one proposal when two arrive at once', async () => {
    const { client, provider, request } = await openRequest();
    const bid = await place(provider, request.id, { amount: 100 });
    await client.agent.patch(`/api/bids/${bid.id}/accept`);
    const answers = await Promise.all(
      [110, 120, 130, 140].map((amount) =>
        provider.agent.post(`/api/bids/${bid.id}/price-proposal`, { amount, note: 'Viac práce.' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
  });
});
