import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../../server/jobs/job-queue';
import type { QueuedMail } from '../../../../server/mail/mail-queue';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createWorkRequest } from '../../../../../tests/factories';
import type { Agent } from '../../../../../tests/support/agent';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

type Person = Awaited<ReturnType<AccountsHarness['signedIn']>>;

/** A request of `client` with `provider`'s bid accepted (and a losing bid), done or not yet. */
async function hire(client: Person, provider: Person, options: { completed: boolean }) {
  const request = await createWorkRequest(h.database.db, {
    id: client.id,
    name: 'Klára Klientová',
    email: client.email,
  });
  const loser = await h.signedIn('provider');
  const bid = (
    await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 150,
      description: 'Urobím to do týždňa, s materiálom.',
    })
  ).json().bid;
  await loser.agent.post('/api/bids', {
    work_request_id: request.id,
    amount: 140,
    description: 'Aj ja to urobím, lacnejšie.',
  });
  expect((await client.agent.patch(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
  if (options.completed) {
    expect((await client.agent.patch(`/api/work-requests/${request.id}/complete`)).statusCode).toBe(
      200,
    );
  }
  return { requestId: request.id, loser };
}

const reviewOf = (requestId: string) => `/api/work-requests/${requestId}/client-review`;
const ratingOn = (requestId: string) => `/api/work-requests/${requestId}/client-rating`;

async function inboxOf(agent: Agent) {
  return (await agent.get('/api/notifications')).json().notifications as {
    type: string;
    data: Record<string, unknown>;
    link: string;
  }[];
}

describe('the hired provider reviews the client', () => {
  it('once the job is completed: once, with stars and a short text, and the client is told that (not how)', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider', { name: 'Vodo Kúrenár' });
    const { requestId } = await hire(client, provider, { completed: true });

    const before = (await provider.agent.get(ratingOn(requestId))).json();
    expect(before).toEqual({
      client_rating: { average: null, count: 0 },
      own_review: null,
      allowed_actions: ['review_client'],
    });

    const written = await provider.agent.post(reviewOf(requestId), {
      rating: 4,
      comment: '  Dohodnutý prístup do bytu, platba načas.  ',
    });
    expect(written.statusCode).toBe(201);
    expect(written.json().review).toMatchObject({
      rating: 4,
      comment: 'Dohodnutý prístup do bytu, platba načas.',
    });

    const after = (await provider.agent.get(ratingOn(requestId))).json();
    expect(after.client_rating).toEqual({ average: 4, count: 1 });
    expect(after.own_review).toMatchObject({ rating: 4 });
    expect(after.allowed_actions).toEqual([]);

    const again = await provider.agent.post(reviewOf(requestId), { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('review_exists');

    const told = (await inboxOf(client.agent)).filter((n) => n.type === 'client_reviewed');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toEqual({
      work_request_id: requestId,
      title: 'Oprava kvapkajúcej batérie',
      provider_name: 'Vodo Kúrenár',
    });
    expect(told[0]!.link).toBe(`/request/${requestId}`);
    // The client learns that they were reviewed, never the stars or the words.
    expect(JSON.stringify(told)).not.toContain('Dohodnutý');
    expect(told[0]!.data).not.toHaveProperty('rating');
    expect(await h.auditsOf('client_review.create', client.id)).toHaveLength(1);
    const mails = await h.database.db.execute<{ data: QueuedMail }>(
      sql`select data from pgboss.job where name = ${QUEUES.mail}
          and data->>'kind' = 'clientReviewed' and data->>'to' = ${client.email}`,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.data.text).toContain('Vodo Kúrenár');
    expect(mails.rows[0]!.data.text).not.toContain('Dohodnutý');
  });

  it('is refused to whoever is not the hired provider of a completed job', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const stranger = await h.signedIn('provider');
    const admin = await h.signedIn('administrator');
    const body = { rating: 5, comment: 'Výborný klient.' };

    const assigned = await hire(client, provider, { completed: false });
    const early = await provider.agent.post(reviewOf(assigned.requestId), body);
    expect([early.statusCode, early.json().error]).toEqual([409, 'request_not_completed']);

    const { requestId, loser } = await hire(client, provider, { completed: true });
    for (const [who, agent] of [
      ['losing provider', loser.agent],
      ['provider who did not bid', stranger.agent],
      ['the client', client.agent],
      ['administrator', admin.agent],
    ] as const) {
      const refused = await agent.post(reviewOf(requestId), body);
      expect([who, refused.statusCode, refused.json().error]).toEqual([
        who,
        403,
        'review_not_allowed',
      ]);
    }
    expect((await h.agent().post(reviewOf(requestId), body)).statusCode).toBe(401);
    const unknown = await provider.agent.post(
      reviewOf('00000000-0000-4000-8000-000000000000'),
      body,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await provider.agent.get(ratingOn(requestId))).json().client_rating.count).toBe(0);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const { requestId } = await hire(client, provider, { completed: true });
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      { rating: 5, comment: 'x'.repeat(1001) },
      { rating: 5, comment: 'x'.repeat(1_000_000) },
      { rating: 5, comment: 42 },
      { rating: 5, comment: 'zlé\u0000slovo' },
    ]) {
      const refused = await provider.agent.post(reviewOf(requestId), body);
      // A megabyte is past the route's body limit: 413 payload_too_large before validation.
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(
        JSON.stringify(body).length > 100_000 ? 413 : 400,
      );
      expect(refused.body).not.toMatch(/insert|client_reviews|stack/i);
    }
    const bad = await provider.agent.post(`/api/work-requests/not-a-uuid/client-review`, {
      rating: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect((await provider.agent.get(ratingOn(requestId))).json().allowed_actions).toEqual([
      'review_client',
    ]);
  });

  it('keeps one review when the same one is sent twice at once', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const { requestId } = await hire(client, provider, { completed: true });
    const answers = await Promise.all(
      [5, 2].map((rating) => provider.agent.post(reviewOf(requestId), { rating })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await provider.agent.get(ratingOn(requestId))).json().client_rating.count).toBe(1);
    const told = (await inboxOf(client.agent)).filter((n) => n.type === 'client_reviewed');
    expect(told).toHaveLength(1);
  });
});

describe("a client's rating", () => {
  it('is shown to providers on the client’s next request ("4.5 ★ from 2 jobs"), never to clients', async () => {
    const client = await h.signedIn('client');
    for (const rating of [5, 4]) {
      const provider = await h.signedIn('provider');
      const { requestId } = await hire(client, provider, { completed: true });
      expect((await provider.agent.post(reviewOf(requestId), { rating })).statusCode).toBe(201);
    }
    const next = await createWorkRequest(h.database.db, {
      id: client.id,
      name: 'Klára Klientová',
      email: client.email,
    });
    const someProvider = await h.signedIn('provider');
    const seen = (await someProvider.agent.get(ratingOn(next.id))).json();
    expect(seen).toEqual({
      client_rating: { average: 4.5, count: 2 },
      own_review: null,
      allowed_actions: [],
    });
    const admin = await h.signedIn('administrator');
    expect((await admin.agent.get(ratingOn(next.id))).json().client_rating.count).toBe(2);

    // The client themself and other clients: refused; a visitor: asked to sign in.
    for (const agent of [client.agent, (await h.signedIn('client')).agent]) {
      const refused = await agent.get(ratingOn(next.id));
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'insufficient_permissions']);
      expect(refused.body).not.toMatch(/client_rating|average/);
    }
    expect((await h.agent().get(ratingOn(next.id))).statusCode).toBe(401);
    // The request the client sees carries nothing of it either.
    // (Keys, not the figure: a timestamp such as 02:24:04.570 holds "4.5".)
    expect((await client.agent.get(`/api/work-requests/${next.id}`)).body).not.toMatch(
      /client_rating|average/,
    );
  });

  it('is hidden, like the request, from a provider who may not open it', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const { requestId, loser } = await hire(client, provider, { completed: true });
    const outsider = await h.signedIn('provider');
    expect((await outsider.agent.get(ratingOn(requestId))).statusCode).toBe(404);
    // A provider who bid and lost still opens the request, and sees the client's figure.
    expect((await loser.agent.get(ratingOn(requestId))).statusCode).toBe(200);
  });
});
