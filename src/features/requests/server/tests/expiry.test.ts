import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { workRequests } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { bid, person, queuedMails, rowsOf } from '../../../notifications/server/tests/inbox-world';
import { askedThread, start, write } from '../../../conversations/server/tests/conversations-world';
import { expireDueRequests } from '../expiry';
import { after, DAY, endingRequest, HOUR, statusOf, told } from './expiry-world';

/**
 * Requests that end (docs/requests.md "Time for bids"). Time is moved by the test: a request's
 * `bids_until` is set an hour ahead of the real clock, so the app's own minute-by-minute job
 * never sees it due, and the sweep is run as of a `now` past it. The extension:
 * extension.test.ts.
 */
let h: AccountsHarness;
let events: EventBus;

beforeAll(async () => {
  h = await accountsHarness({ eventHandlers: (bus) => (events = bus) });
});
afterAll(async () => h.close());

const sweep = (now: Date) => expireDueRequests({ db: h.database.db, events }, now);

describe('the schedule', () => {
  it('runs the sweep every minute through the job queue, once across instances', async () => {
    // pg-boss keeps one schedule row per name, and makes one job per due time from it.
    await expect
      .poll(
        async () =>
          (
            await h.database.db.execute<{ cron: string; timezone: string }>(
              sql`select cron, timezone from pgboss.schedule where name = 'request-expiry'`,
            )
          ).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ cron: '* * * * *', timezone: 'UTC' }]);
  });
});

describe('two sweeps at once', () => {
  it('expire each due request exactly once, and tell each person once', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const due = [];
    for (let index = 0; index < 5; index++) {
      const request = await endingRequest(h, client);
      await bid(provider, request.id);
      due.push(request);
    }
    const now = after(due.at(-1)!.bidsUntil);
    // Two instances' workers taking the same due time, and a third run outliving its minute.
    const counts = await Promise.all([sweep(now), sweep(now), sweep(now)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(due.length);
    for (const request of due) {
      expect((await statusOf(h, request.id)).status).toBe('EXPIRED');
      expect(await told(h, 'request_expired', request.id)).toEqual([client.id]);
      expect(await told(h, 'bidding_closed', request.id)).toEqual([provider.id]);
    }
    expect(await queuedMails(h, client.email, 'requestExpired')).toHaveLength(due.length);
    expect(await queuedMails(h, provider.email, 'biddingClosed')).toHaveLength(due.length);
    // Nothing is left to do.
    expect(await sweep(now)).toBe(0);
  });
});

describe('the time for bids', () => {
  it('is chosen at posting: 3, 7, 14 or 30 days, 14 when not given; anything else is refused', async () => {
    const fields = {
      title: 'Maľovanie obývačky',
      category: 'painting',
      description: 'Vymaľovať obývačku, asi 40 m² stien.',
      location: 'Trnava',
    };
    // Each post by a client of its own: posts count in the upload rate-limit group.
    const post = async (extra: Record<string, string>) => {
      const client = await person(h, 'client');
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, ...extra })) form.set(name, value);
      return client.agent.form('POST', '/api/work-requests', form);
    };
    for (const [given, days] of [
      [{ bidding_days: '3' }, 3],
      [{ bidding_days: '30' }, 30],
      [{}, 14],
      [{ bidding_days: '' }, 14],
    ] as const) {
      const before = Date.now();
      const posted = await post(given);
      expect(posted.statusCode, posted.body).toBe(201);
      const request = posted.json().work_request;
      const until = new Date(request.bids_until).getTime();
      expect(until).toBeGreaterThanOrEqual(before + days * DAY - 1_000);
      expect(until).toBeLessThanOrEqual(Date.now() + days * DAY + 1_000);
      expect(request.extended).toBe(false);
      expect(request.allowed_actions).toContain('extend');
    }
    for (const wrong of [
      '5',
      '0',
      '-14',
      '14.5',
      'abc',
      '1e400',
      'x'.repeat(1_000_000),
      '3\u0000',
    ]) {
      const refused = await post({ bidding_days: wrong });
      expect(refused.statusCode, wrong.slice(0, 20)).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
    }
  });

  it('shows on the card of browse and of my requests', async () => {
    const client = await person(h, 'client');
    const request = await endingRequest(h, client);
    const list = await client.agent.get('/api/work-requests?limit=100');
    const card = list.json().work_requests.find((row: { id: string }) => row.id === request.id);
    expect(card.bids_until).toBe(request.bidsUntil.toISOString());
    const mine = await client.agent.get('/api/work-requests/my');
    expect(mine.json().work_requests[0].bids_until).toBe(request.bidsUntil.toISOString());
  });
});

describe('a request whose time for bids ran out', () => {
  it('takes no bids, leaves browse, and is told to its client and its pending bidders', async () => {
    const client = await person(h, 'client');
    const [first, second, stranger] = [
      await person(h, 'provider'),
      await person(h, 'provider'),
      await person(h, 'provider'),
    ];
    const request = await endingRequest(h, client);
    await bid(first, request.id);
    const withdrawn = await bid(second, request.id);
    expect((await second.agent.delete(`/api/bids/${withdrawn}`)).statusCode).toBe(200);

    expect(await sweep(new Date(request.bidsUntil.getTime() - 1_000))).toBe(0);
    expect((await statusOf(h, request.id)).status).toBe('OPEN');
    await sweep(after(request.bidsUntil));
    expect((await statusOf(h, request.id)).status).toBe('EXPIRED');

    // Told: the client with the number of bids to choose from; the pending bidder alone.
    const [inbox] = (await rowsOf(h, 'request_expired')).filter(
      (row) => row.workRequestId === request.id,
    );
    expect(inbox).toMatchObject({
      userId: client.id,
      data: { title: request.title, bid_count: 1 },
    });
    expect(await told(h, 'bidding_closed', request.id)).toEqual([first.id]);
    const [mail] = await queuedMails(h, client.email, 'requestExpired');
    expect(mail!.subject).toContain(request.title);
    expect(mail!.text).toContain(`/request/${request.id}`);
    expect(await queuedMails(h, second.email, 'biddingClosed')).toHaveLength(0);
    // Never the client's contact in the bidder's mail.
    const [bidderMail] = await queuedMails(h, first.email, 'biddingClosed');
    expect(bidderMail!.text).not.toContain(client.email);

    // No more bids, from anyone: a stable code.
    const refused = await second.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 90,
      description: 'Ešte by som to stihol tento týždeň.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('request_expired');

    // Browse lists open requests only; a stranger may not open it, its bidder may.
    const list = await stranger.agent.get('/api/work-requests?limit=100');
    expect(list.json().work_requests.map((row: { id: string }) => row.id)).not.toContain(
      request.id,
    );
    expect((await stranger.agent.get(`/api/work-requests/${request.id}`)).statusCode).toBe(404);
    const seen = await first.agent.get(`/api/work-requests/${request.id}`);
    expect(seen.json().work_request).toMatchObject({
      status: 'EXPIRED',
      allowed_actions: ['view_bids'],
    });
  });

  it('still lets its client hire one of the pending bids', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const request = await endingRequest(h, client);
    const bidId = await bid(provider, request.id);
    await sweep(after(request.bidsUntil));
    const accepted = await client.agent.patch(`/api/bids/${bidId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await statusOf(h, request.id)).status).toBe('ASSIGNED');
  });

  it('lets a pending bidder withdraw but not change their bid', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const request = await endingRequest(h, client);
    const bidId = await bid(provider, request.id);
    await sweep(after(request.bidsUntil));
    const changed = await provider.agent.put(`/api/bids/${bidId}`, {
      amount: 80,
      description: 'Lacnejšie, ak to bude ešte tento mesiac.',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe('request_expired');
    expect((await provider.agent.delete(`/api/bids/${bidId}`)).statusCode).toBe(200);
    expect((await client.agent.patch(`/api/bids/${bidId}/accept`)).statusCode).toBe(404);
  });

  it('keeps its threads with bidders open, and opens no new one', async () => {
    const world = await askedThread(h);
    const bidsUntil = new Date(Date.now() + HOUR);
    await h.database.db
      .update(workRequests)
      .set({ bidsUntil })
      .where(eq(workRequests.id, world.request.id));
    await sweep(after(bidsUntil));
    expect((await statusOf(h, world.request.id)).status).toBe('EXPIRED');
    const answered = await write(world.client.agent, world.threadId, 'Áno, aj starý obklad.');
    expect(answered.statusCode, answered.body).toBe(201);
    const other = await person(h, 'provider');
    const refused = await start(other.agent, {
      work_request_id: world.request.id,
      text: 'Dobrý deň, ešte je to aktuálne?',
    });
    // Not open any more: a provider who did not bid is answered as if it did not exist.
    expect(refused.statusCode).toBe(404);
  });

  it('without any bid, tells its client so', async () => {
    const client = await person(h, 'client');
    const request = await endingRequest(h, client);
    await sweep(after(request.bidsUntil));
    const [mail] = await queuedMails(h, client.email, 'requestExpiredNoBids');
    expect(mail!.subject).toContain(request.title);
    expect(await queuedMails(h, client.email, 'requestExpired')).toHaveLength(0);
  });

  it('refuses bids once bids_until has passed, before the job has run', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    const request = await endingRequest(h, client);
    await h.database.db
      .update(workRequests)
      .set({ bidsUntil: new Date(Date.now() - 1_000) })
      .where(eq(workRequests.id, request.id));
    const page = await provider.agent.get(`/api/work-requests/${request.id}`);
    expect(page.json().work_request.allowed_actions).not.toContain('place_bid');
    const refused = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 90,
      description: 'Urobím to do týždňa, materiál mám.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('request_expired');
  });
});
