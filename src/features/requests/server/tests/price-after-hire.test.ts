import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { priceProposals } from '../../../../server/db/schema';
import { queuedMails, readersOf } from '../../../notifications/server/tests/inbox-world';
import { description, openRequest, place, THREE_LINES_CENTS, threeLines } from './bid-prices-world';

/**
 * docs/bids.md "Priced lines": the price after the hire, which changes only when the client
 * accepts the provider's proposal.
 */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

describe('the price after the hire', () => {
  it('changes only when the client accepts the provider’s proposal; both are told', async () => {
    const { client, provider, request, title } = await openRequest(h);
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
    const { client, provider, request } = await openRequest(h);
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
