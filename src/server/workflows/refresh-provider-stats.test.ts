import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkRequest } from '../../../tests/factories';
import { accountsHarness, type AccountsHarness } from '../../../tests/support/accounts-app';
import type { Agent } from '../../../tests/support/agent';
import { whileAccountIsDeleted } from '../../../tests/support/deleting-account';
import { bids, conversations, messages, users, workRequests } from '../db/schema';
import { refreshProviderStats } from './refresh-provider-stats';

/**
 * A provider's figures (issue 33): "usually answers within N hours" from a constructed history
 * whose times are moved by rewriting its timestamps, finished jobs, and member since.
 */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

interface Figures {
  answer_time: { unit: string; count: number } | null;
  completed_jobs: number;
  member_since: string;
}
const pageOf = async (id: string): Promise<Figures> =>
  (await h.agent().get(`/api/providers/${id}`)).json().user;
async function cardOf(id: string) {
  const body = (await h.agent().get('/api/providers?limit=20')).json();
  return (body.providers as ({ id: string } & Figures)[]).find((p) => p.id === id)!;
}

async function scene() {
  const provider = await h.signedIn('provider', { name: 'Stolárstvo Hudák' });
  const client = await h.signedIn('client', { name: 'Jana Klientová' });
  const requests = await Promise.all(
    [1, 2, 3, 4].map(() =>
      createWorkRequest(h.database.db, { id: client.id, name: 'Jana', email: client.email }),
    ),
  );
  return { provider, client, requests: requests.map((r) => r.id) };
}

const bid = (agent: Agent, workRequestId: string) =>
  agent.post('/api/bids', {
    work_request_id: workRequestId,
    amount: 150,
    description: 'Zvládnem to do konca týždňa, materiál prinesiem.',
  });

/** The request posted `postedAgo`, the provider's bid on it placed `answeredAgo`. */
async function moveBid(
  providerId: string,
  workRequestId: string,
  postedAgo: number,
  answeredAgo: number,
) {
  await h.database.db
    .update(workRequests)
    .set({ createdAt: ago(postedAgo) })
    .where(eq(workRequests.id, workRequestId));
  await h.database.db
    .update(bids)
    .set({ createdAt: ago(answeredAgo) })
    .where(sql`${bids.workRequestId} = ${workRequestId} and ${bids.providerId} = ${providerId}`);
}

describe('a provider’s answer time', () => {
  it('follows bids and first messages as they happen, and says nothing below three answers', async () => {
    const { provider, requests } = await scene();
    expect((await pageOf(provider.id)).answer_time).toBe(null);
    expect((await bid(provider.agent, requests[0]!)).statusCode).toBe(201);
    const started = await provider.agent.post('/api/conversations', {
      work_request_id: requests[1],
      text: 'Dobrý deň, aké rozmery má skriňa?',
    });
    expect(started.statusCode).toBe(201);
    // Two answers: too few to say anything.
    expect((await pageOf(provider.id)).answer_time).toBe(null);
    expect((await bid(provider.agent, requests[2]!)).statusCode).toBe(201);
    // Three answers, each within moments of the posting: recomputed by the bid itself.
    expect((await pageOf(provider.id)).answer_time).toEqual({ unit: 'hours', count: 1 });
    expect((await cardOf(provider.id)).answer_time).toEqual({ unit: 'hours', count: 1 });
  });

  it('is the median over the last 90 days, from the first bid or reply, rounded up', async () => {
    const { provider, requests } = await scene();
    const [first, second, third, fourth] = requests as [string, string, string, string];
    await bid(provider.agent, first);
    const thread = await provider.agent.post('/api/conversations', {
      work_request_id: second,
      text: 'Dobrý deň, môžem prísť obhliadnuť?',
    });
    expect(thread.statusCode).toBe(201);
    await bid(provider.agent, third);
    await bid(provider.agent, second); // after the message: the message was the answer
    // Answers of 1 h, 2 h 30 min (the message) and 5 h: the median is 2 h 30 min.
    await moveBid(provider.id, first, 10 * HOUR, 9 * HOUR);
    await moveBid(provider.id, second, 10 * HOUR, 1 * HOUR);
    await h.database.db
      .update(messages)
      .set({ createdAt: ago(7.5 * HOUR) })
      .where(eq(messages.senderId, provider.id));
    await moveBid(provider.id, third, 10 * HOUR, 5 * HOUR);
    // A page view computes nothing: the figure stays as stored until something changes.
    expect((await pageOf(provider.id)).answer_time).toEqual({ unit: 'hours', count: 1 });
    await refreshProviderStats(h.database.db, 'all', new Date());
    expect((await pageOf(provider.id)).answer_time).toEqual({ unit: 'hours', count: 3 });
    expect((await cardOf(provider.id)).answer_time).toEqual({ unit: 'hours', count: 3 });

    // The 5-hour answer is 100 days old now: two answers are left in the window, too few.
    await moveBid(provider.id, third, 101 * DAY, 100 * DAY);
    await refreshProviderStats(h.database.db, 'all', new Date());
    expect((await pageOf(provider.id)).answer_time).toBe(null);

    // A slow fourth answer (3 days), placed now: the bid recomputes it at once.
    await bid(provider.agent, fourth);
    await moveBid(provider.id, fourth, 3 * DAY, 0);
    await refreshProviderStats(h.database.db, [provider.id], new Date());
    // 1 h, 2 h 30 min, 72 h: the median is 2 h 30 min.
    expect((await pageOf(provider.id)).answer_time).toEqual({ unit: 'hours', count: 3 });
    // Seen 89.7 days on, the answers of 9 and 7.5 hours ago have left the window: one is left.
    await refreshProviderStats(h.database.db, [provider.id], new Date(Date.now() + 89.7 * DAY));
    expect((await pageOf(provider.id)).answer_time).toBe(null);
  });

  it('speaks in days once the median passes a day', async () => {
    const { provider, requests } = await scene();
    for (const [index, id] of requests.slice(0, 3).entries()) {
      await bid(provider.agent, id);
      await moveBid(provider.id, id, (40 + index) * HOUR, 0);
    }
    await refreshProviderStats(h.database.db, [provider.id], new Date());
    expect((await pageOf(provider.id)).answer_time).toEqual({ unit: 'days', count: 2 });
  });

  it('counts only the provider’s own messages, not the client’s', async () => {
    const { provider, client, requests } = await scene();
    const [thread] = await h.database.db
      .insert(conversations)
      .values({
        workRequestId: requests[0]!,
        requestTitle: 'Skriňa',
        clientId: client.id,
        providerId: provider.id,
        startedBy: client.id,
      })
      .returning();
    await h.database.db
      .insert(messages)
      .values({ conversationId: thread!.id, senderId: client.id, body: 'Máte čas?' });
    await refreshProviderStats(h.database.db, [provider.id], new Date());
    const [stored] = await h.database.db
      .execute<{ answered_count: number }>(
        sql`select answered_count from provider_stats where provider_id = ${provider.id}`,
      )
      .then((r) => r.rows);
    expect(stored!.answered_count).toBe(0);
  });
});

describe('finished jobs and member since', () => {
  it('counts a job when it completes, and shows the account’s creation as member since', async () => {
    const { provider, client, requests } = await scene();
    const placed = (await bid(provider.agent, requests[0]!)).json().bid;
    expect((await client.agent.patch(`/api/bids/${placed.id}/accept`)).statusCode).toBe(200);
    expect((await pageOf(provider.id)).completed_jobs).toBe(0);
    expect((await cardOf(provider.id)).completed_jobs).toBe(0);
    const closed = await client.agent.patch(`/api/work-requests/${requests[0]}/complete`);
    expect(closed.statusCode).toBe(200);
    expect((await pageOf(provider.id)).completed_jobs).toBe(1);
    // The directory's card reads the same stored figure: it never counts jobs for a page view.
    expect((await cardOf(provider.id)).completed_jobs).toBe(1);

    await h.database.db
      .update(users)
      .set({ createdAt: new Date('2024-03-15T09:30:00Z') })
      .where(eq(users.id, provider.id));
    expect((await pageOf(provider.id)).member_since).toBe('2024-03-15T09:30:00.000Z');
    expect((await cardOf(provider.id)).member_since).toBe('2024-03-15T09:30:00.000Z');
  });
});

describe('the migration that made the figures', () => {
  it('filled them as the refresh computes them', async () => {
    const { provider, client, requests } = await scene();
    const placed = (await bid(provider.agent, requests[0]!)).json().bid;
    await provider.agent.post('/api/conversations', {
      work_request_id: requests[1],
      text: 'Dobrý deň, kedy sa môžem prísť pozrieť?',
    });
    await bid(provider.agent, requests[2]!);
    await moveBid(provider.id, requests[2]!, 6 * HOUR, 2 * HOUR);
    await moveBid(provider.id, requests[3]!, 200 * DAY, 199 * DAY);
    await client.agent.patch(`/api/bids/${placed.id}/accept`);
    await client.agent.patch(`/api/work-requests/${requests[0]}/complete`);
    await refreshProviderStats(h.database.db, 'all', new Date());
    const figures = () =>
      h.database.db
        .execute(
          sql`select provider_id, median_answer_seconds, answered_count, completed_jobs
            from provider_stats order by provider_id`,
        )
        .then((result) => result.rows);
    const refreshed = await figures();
    expect(refreshed.find((row) => row.provider_id === provider.id)).toMatchObject({
      answered_count: 3,
      completed_jobs: 1,
    });
    const migration = fs.readFileSync('src/server/db/migrations/0030_work_photos.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await h.database.db.execute(sql`delete from provider_stats`);
    await h.database.db.execute(sql.raw(backfill));
    expect(await figures()).toEqual(refreshed);
  });
});

describe('the nightly refresh', () => {
  it('passes over a provider whose account is being deleted, and refreshes the others', async () => {
    const { provider } = await scene();
    const staying = await h.signedIn('provider');
    await h.database.db.execute(sql`delete from provider_stats where provider_id = ${staying.id}`);
    await whileAccountIsDeleted(h.database, provider.id, () =>
      refreshProviderStats(h.database.db, 'all', new Date()),
    );
    const rows = await h.database.db.execute<{ provider_id: string }>(
      sql`select provider_id from provider_stats
          where provider_id in (${provider.id}, ${staying.id})`,
    );
    expect(rows.rows).toEqual([{ provider_id: staying.id }]);
  });

  it('is scheduled at 3:30 through the job queue, once across instances', async () => {
    await expect
      .poll(
        async () =>
          (
            await h.database.db.execute<{ cron: string; timezone: string }>(
              sql`select cron, timezone from pgboss.schedule where name = 'provider-stats'`,
            )
          ).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ cron: '30 3 * * *', timezone: 'UTC' }]);
  });
});
