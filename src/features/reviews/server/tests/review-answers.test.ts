import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createWorkRequest } from '../../../../../tests/factories';
import type { Agent } from '../../../../../tests/support/agent';
import { reviews } from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const HOUR = 60 * 60 * 1000;

/** A provider with a client's review of a completed job of theirs. */
async function reviewedProvider() {
  const client = await h.signedIn('client', { name: 'Klára Klientová' });
  const provider = await h.signedIn('provider', { name: 'Elektro Novák' });
  const request = await createWorkRequest(h.database.db, {
    id: client.id,
    name: 'Klára Klientová',
    email: client.email,
  });
  const bid = (
    await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 90,
      description: 'Vymením istič ešte tento týždeň.',
    })
  ).json().bid;
  await client.agent.patch(`/api/bids/${bid.id}/accept`);
  await client.agent.patch(`/api/work-requests/${request.id}/complete`);
  const review = await client.agent.post(`/api/providers/${provider.id}/reviews`, {
    work_request_id: request.id,
    rating: 3,
    comment: 'Prišiel o deň neskôr.',
  });
  expect(review.statusCode).toBe(201);
  return { client, provider, requestId: request.id, reviewId: review.json().review.id as string };
}

const answerOf = (reviewId: string) => `/api/reviews/${reviewId}/answer`;

async function reviewOnPage(agent: Agent, providerId: string, reviewId: string) {
  const page = (await agent.get(`/api/providers/${providerId}/reviews`)).json();
  return page.reviews.find((review: { id: string }) => review.id === reviewId);
}

/** Moves the answer's first writing back in time, as if that many hours had passed. */
async function hoursPass(reviewId: string, hours: number) {
  const [row] = await h.database.db.select().from(reviews).where(eq(reviews.id, reviewId));
  await h.database.db
    .update(reviews)
    .set({ answerWrittenAt: new Date(row!.answerWrittenAt!.getTime() - hours * HOUR) })
    .where(eq(reviews.id, reviewId));
}

describe("the provider's answer to a review", () => {
  it('is written once, shown under the review to everyone, and its author is told', async () => {
    const { client, provider, reviewId } = await reviewedProvider();
    expect((await reviewOnPage(provider.agent, provider.id, reviewId)).allowed_actions).toEqual([
      'answer',
    ]);
    expect((await reviewOnPage(client.agent, provider.id, reviewId)).allowed_actions).toEqual([]);

    const written = await provider.agent.post(answerOf(reviewId), {
      text: ' Ospravedlňujem sa, auto malo poruchu. ',
    });
    expect(written.statusCode).toBe(201);
    expect(written.json().answer).toMatchObject({
      text: 'Ospravedlňujem sa, auto malo poruchu.',
      edited_at: null,
    });

    for (const agent of [h.agent(), client.agent, provider.agent]) {
      const shown = await reviewOnPage(agent, provider.id, reviewId);
      expect(shown.answer.text).toBe('Ospravedlňujem sa, auto malo poruchu.');
    }
    expect((await reviewOnPage(provider.agent, provider.id, reviewId)).allowed_actions).toEqual([
      'edit_answer',
    ]);
    expect((await reviewOnPage(h.agent(), provider.id, reviewId)).allowed_actions).toEqual([]);

    const again = await provider.agent.post(answerOf(reviewId), { text: 'Ešte raz.' });
    expect([again.statusCode, again.json().error]).toEqual([409, 'answer_exists']);

    const notifications = (await client.agent.get('/api/notifications')).json().notifications;
    const told = notifications.filter((n: { type: string }) => n.type === 'review_answered');
    expect(told).toHaveLength(1);
    expect(told[0].data).toMatchObject({
      title: 'Oprava kvapkajúcej batérie',
      provider_id: provider.id,
      provider_name: 'Elektro Novák',
    });
    expect(told[0].link).toBe(`/provider/${provider.id}`);
  });

  it('can be edited within 48 hours of its writing, and not after', async () => {
    const { client, provider, reviewId } = await reviewedProvider();
    await provider.agent.post(answerOf(reviewId), { text: 'Prvá verzia odpovede.' });

    await hoursPass(reviewId, 47);
    const edited = await provider.agent.put(answerOf(reviewId), { text: 'Opravená odpoveď.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().answer.text).toBe('Opravená odpoveď.');
    expect(edited.json().answer.edited_at).not.toBeNull();
    // An edit does not restart the 48 hours.
    await hoursPass(reviewId, 1.5);
    const late = await provider.agent.put(answerOf(reviewId), { text: 'Neskorá zmena.' });
    expect([late.statusCode, late.json().error]).toEqual([409, 'answer_edit_closed']);
    const shown = await reviewOnPage(h.agent(), provider.id, reviewId);
    expect(shown.answer.text).toBe('Opravená odpoveď.');
    expect((await reviewOnPage(provider.agent, provider.id, reviewId)).allowed_actions).toEqual([]);
    // The author was told of the answer once, not of its edit.
    const notifications = (await client.agent.get('/api/notifications')).json().notifications;
    expect(
      notifications.filter((n: { type: string }) => n.type === 'review_answered'),
    ).toHaveLength(1);
  });

  it('is refused to everybody but the reviewed provider, and before there is one to edit', async () => {
    const { client, provider, reviewId } = await reviewedProvider();
    const other = await h.signedIn('provider');
    const admin = await h.signedIn('administrator');
    const edit = await provider.agent.put(answerOf(reviewId), { text: 'Zatiaľ nič.' });
    expect([edit.statusCode, edit.json().error]).toEqual([404, 'answer_not_found']);
    for (const agent of [client.agent, other.agent, admin.agent]) {
      for (const send of [agent.post.bind(agent), agent.put.bind(agent)]) {
        const refused = await send(answerOf(reviewId), { text: 'Cudzia odpoveď.' });
        expect([refused.statusCode, refused.json().error]).toEqual([
          403,
          'insufficient_permissions',
        ]);
      }
    }
    expect((await h.agent().post(answerOf(reviewId), { text: 'Návštevník.' })).statusCode).toBe(
      401,
    );
    const unknown = await provider.agent.post(answerOf('00000000-0000-4000-8000-000000000000'), {
      text: 'Nikde.',
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'review_not_found']);
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 7 },
      { text: 'x'.repeat(1001) },
      { text: 'zlé\u0000slovo' },
    ]) {
      const refused = await provider.agent.post(answerOf(reviewId), body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await reviewOnPage(h.agent(), provider.id, reviewId)).answer).toBeNull();
  });

  it('keeps one answer when two are sent at once', async () => {
    const { client, provider, reviewId } = await reviewedProvider();
    const answers = await Promise.all(
      ['Prvá.', 'Druhá.'].map((text) => provider.agent.post(answerOf(reviewId), { text })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const notifications = (await client.agent.get('/api/notifications')).json().notifications;
    expect(
      notifications.filter((n: { type: string }) => n.type === 'review_answered'),
    ).toHaveLength(1);
  });
});
