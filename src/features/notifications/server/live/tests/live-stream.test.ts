import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../../server/app';
import { connect, type Db, type Tx } from '../../../../../server/db/database';
import { notifications, users } from '../../../../../server/db/schema';
import type { EventBus } from '../../../../../server/events/bus';
import { DEFAULT_TIMEOUTS } from '../../../../../server/timeouts';
import { openSession } from '../../../../accounts/server/sessions';
import { LISTENER_NAME } from '../live-listener';
import type { NotificationType } from '../../../../../shared/notification-types';
import { createWorkRequest, TEST_PASSWORD_COST } from '../../../../../../tests/factories';
import {
  accountsHarness,
  type AccountsHarness,
} from '../../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../../tests/support/agent';
import {
  dataOf,
  openEventStream,
  type OpenStream,
  type ReceivedEvent,
} from '../../../../../../tests/support/event-stream-client';

/**
 * GET /api/live (docs/notifications.md "Live streams") over real HTTP connections, on two
 * instances of the app on one database. The inbox's writer is stood in for by a handler of this
 * file that does what it does: on a bid, a `bid_received` row for the client and the
 * `notification.created` event, in the bid's transaction.
 */
const METRICS_TOKEN = 'live-streams-metrics-token-0123';
const PHONE = '900 123 456';

let h: AccountsHarness;
let bus: EventBus;
let base: string;
/** The second instance: its own pool, its own LISTEN connection; room for two streams only. */
let other: App;
let otherBase: string;
let closeOtherPool: () => Promise<void>;
/** A third instance that checks the sessions of its streams without pause. */
let checking: App;
let checkingBase: string;
const opened: OpenStream[] = [];

async function insertNotification(
  tx: Db | Tx,
  userId: string,
  type: NotificationType,
  data: Record<string, unknown>,
  link: string | null,
) {
  const [row] = await tx.insert(notifications).values({ userId, type, data, link }).returning();
  await bus.publish(tx, 'notification.created', {
    notificationId: row!.id,
    userId,
    type,
    push: false,
  });
  return row!.id;
}

/** A notification written and announced in its own transaction, as the inbox's writer does. */
const notify = (userId: string, type: NotificationType = 'review_received') =>
  h.database.db.transaction((tx) =>
    insertNotification(tx, userId, type, { provider_name: 'Peter' }, null),
  );

const cookieOf = (agent: Agent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function stream(
  agent: Agent | undefined,
  options: { on?: string; lastEventId?: string | number } = {},
) {
  const opening = await openEventStream(options.on ?? base, {
    ...(agent ? { cookie: cookieOf(agent) } : {}),
    ...(options.lastEventId !== undefined ? { lastEventId: options.lastEventId } : {}),
  });
  opened.push(opening);
  return opening;
}

/** Waits for the opening words (the cursor), so the stream is surely subscribed. */
async function openedStream(agent: Agent, options: Parameters<typeof stream>[1] = {}) {
  const live = await stream(agent, options);
  expect(live.status).toBe(200);
  await expect.poll(() => live.controls.length, { timeout: 5_000 }).toBeGreaterThan(0);
  return live;
}

const isNotification = (type: string) => (event: ReceivedEvent) =>
  event.event === 'notification' && dataOf(event).type === type;
const isChange = (kind: string, id: string) => (event: ReceivedEvent) =>
  event.event === 'changed' && dataOf(event).kind === kind && dataOf(event).id === id;

async function openStreamsMetric() {
  const scrape = await h.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = scrape.body.split('\n').find((text) => text.startsWith('live_streams '));
  return Number(line?.split(' ')[1]);
}

beforeAll(async () => {
  h = await accountsHarness({
    metricsToken: METRICS_TOKEN,
    eventHandlers: (events) => {
      bus = events;
      events.on('bid.placed', async (tx, { payload }) => {
        await insertNotification(
          tx,
          payload.clientId,
          'bid_received',
          { title: payload.title, amount_cents: payload.amountCents },
          `/request/${payload.workRequestId}`,
        );
      });
    },
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;

  const pool = connect(h.database.url);
  closeOtherPool = () => pool.pool.end();
  other = await buildApp({
    db: pool.db,
    passwordCost: TEST_PASSWORD_COST,
    live: { maxStreams: 2 },
    // A connection on which nothing moves for 600 ms is cut, and a request must be whole within
    // 1 s: the stream must keep speaking, and outlive the request's deadline.
    timeouts: { ...DEFAULT_TIMEOUTS, requestMs: 1_000, headersMs: 500, idleMs: 600 },
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;

  checking = await buildApp({
    db: pool.db,
    passwordCost: TEST_PASSWORD_COST,
    live: { sessionCheckMs: 1 },
  });
  await checking.listen({ port: 0, host: '127.0.0.1' });
  checkingBase = `http://127.0.0.1:${(checking.server.address() as { port: number }).port}`;
});

afterEach(async () => {
  for (const open of opened.splice(0)) open.close();
  // The server forgets a stream as soon as its connection closes.
  await expect.poll(openStreamsMetric, { timeout: 5_000 }).toBe(0);
});

afterAll(async () => {
  await checking?.close();
  await other?.close();
  await closeOtherPool?.();
  await h?.close();
});

describe('GET /api/live', () => {
  it('answers 401 without a session, and 400 to a cursor that is not a notification id', async () => {
    const visitor = await stream(undefined);
    expect(visitor.status).toBe(401);
    expect(JSON.parse(await visitor.body())).toMatchObject({ error: 'not_authenticated' });

    const client = await h.signedIn('client');
    const bad = await stream(client.agent, { lastEventId: 'abc' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(await bad.body())).toMatchObject({ error: 'validation_failed' });
  });

  it('sends a new bid to the client within a second, and tells each open page what changed', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const bystander = await h.signedIn('provider');
    const request = await createWorkRequest(h.database.db, { ...client, name: 'Jana' });
    const clientLive = await openedStream(client.agent);
    expect(clientLive.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(clientLive.headers['cache-control']).toBe('no-store');
    const providerLive = await openedStream(provider.agent);
    const bystanderLive = await openedStream(bystander.agent);

    const placed = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 120,
      description: 'Vymením tesnenie do hodiny.',
    });
    // Answered: the bid is committed.
    const bidAt = Date.now();
    expect(placed.statusCode).toBe(201);
    const bidId = placed.json().bid.id as string;

    const received = await clientLive.next(isNotification('bid_received'));
    expect(received.at - bidAt).toBeLessThan(1_000);
    const notification = dataOf(received);
    expect(notification).toMatchObject({
      type: 'bid_received',
      link: `/request/${request.id}`,
      read_at: null,
      data: { amount_cents: 12_000 },
    });
    expect(received.id).toBe(String(notification.id));
    await clientLive.next(isChange('work_request', request.id));
    await providerLive.next(isChange('work_request', request.id));
    await providerLive.next(isChange('bid', bidId));

    // Another provider hears nothing of it: the next thing their stream carries is their own.
    await notify(bystander.id);
    const own = await bystanderLive.next(isNotification('review_received'));
    expect(bystanderLive.events).toEqual([own]);
    expect(clientLive.events.filter((event) => event.event === 'changed')).toHaveLength(1);

    // No contact of anyone in any of it.
    for (const live of [clientLive, providerLive, bystanderLive]) {
      for (const contact of [client.email, provider.email, bystander.email, PHONE]) {
        expect(live.text()).not.toContain(contact);
      }
    }
  });

  it('reaches a stream held by another instance within a second', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    const request = await createWorkRequest(h.database.db, { ...client, name: 'Eva' });
    const elsewhere = await openedStream(client.agent, { on: otherBase });

    const placed = await provider.agent.post('/api/bids', {
      work_request_id: request.id,
      amount: 95,
      description: 'Prídem zajtra ráno a opravím.',
    });
    const bidAt = Date.now();
    expect(placed.statusCode).toBe(201);
    const received = await elsewhere.next(isNotification('bid_received'));
    expect(received.at - bidAt).toBeLessThan(1_000);
    await elsewhere.next(isChange('work_request', request.id));
  });

  it('resumes after Last-Event-ID with what was missed, once', async () => {
    const client = await h.signedIn('client');
    const earlier = await notify(client.id);
    const first = await openedStream(client.agent);
    // The opening names the newest notification the reader already has.
    expect(first.controls[0]).toMatchObject({ id: String(earlier), retry: 3_000 });
    const seen = await notify(client.id);
    await first.next((event) => event.id === String(seen));
    first.close();

    const missed = await notify(client.id);
    const resumed = await openedStream(client.agent, { lastEventId: seen });
    const live = await notify(client.id);
    await resumed.next((event) => event.id === String(live));
    expect(resumed.events.map((event) => dataOf(event).id)).toEqual([missed, live]);
    expect(resumed.controls[0]).toMatchObject({ id: String(seen) });

    // Resuming from the newest id sends nothing again.
    const again = await openedStream(client.agent, { lastEventId: live });
    const later = await notify(client.id);
    await again.next((event) => event.id === String(later));
    expect(again.events.map((event) => dataOf(event).id)).toEqual([later]);
  });

  it('ends within 5 s when the person signs out on another device', async () => {
    const client = await h.signedIn('client');
    const live = await openedStream(client.agent);
    const elsewhere = h.agent();
    elsewhere.useSession((await openSession(h.database.db, client.id)).token, 'sk');

    const signedOut = await elsewhere.post('/api/users/sessions/sign-out-others');
    expect(signedOut.statusCode).toBe(200);
    const at = Date.now();
    expect((await live.ended) - at).toBeLessThan(5_000);

    // The browser comes back and is asked to sign in.
    const back = await stream(client.agent);
    expect(back.status).toBe(401);
  });

  it('ends within 5 s when the account is disabled', async () => {
    const provider = await h.signedIn('provider');
    const live = await openedStream(provider.agent);
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, provider.id));
    const at = Date.now();
    expect((await live.ended) - at).toBeLessThan(5_000);
  });

  it('keeps ten streams of a person: the eleventh ends the oldest, and the metrics count them', async () => {
    const client = await h.signedIn('client');
    const streams: OpenStream[] = [];
    for (let index = 0; index < 10; index++) streams.push(await openedStream(client.agent));
    await expect.poll(openStreamsMetric).toBe(10);

    const eleventh = await openedStream(client.agent);
    await streams[0]!.ended;
    // The tab that made room waits a minute before it comes back, so tabs do not take turns.
    expect(streams[0]!.controls.at(-1)).toMatchObject({ retry: 60_000 });
    await expect.poll(openStreamsMetric).toBe(10);
    const id = await notify(client.id);
    for (const open of [...streams.slice(1), eleventh]) {
      await open.next((event) => event.id === String(id));
    }
    expect(streams[0]!.events).toEqual([]);
  });

  it('answers 503 with Retry-After when the instance holds as many streams as it may', async () => {
    const [a, b, c] = await Promise.all([
      h.signedIn('client'),
      h.signedIn('client'),
      h.signedIn('client'),
    ]);
    const first = await openedStream(a.agent, { on: otherBase });
    await openedStream(b.agent, { on: otherBase });
    const refused = await stream(c.agent, { on: otherBase });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(await refused.body())).toMatchObject({ error: 'service_unavailable' });

    first.close();
    await expect.poll(async () => (await stream(c.agent, { on: otherBase })).status).toBe(200);
  });

  it('keeps a stream that opens while the sessions of the others are being checked', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => h.signedIn('client')));
    for (const person of people) {
      const live = await stream(person.agent, { on: checkingBase });
      expect(live.status).toBe(200);
      // The opening words come, or the stream ends without them: whichever is first.
      const outcome = await Promise.race([
        live.ended.then(() => 'ended'),
        expect
          .poll(() => live.controls.length, { timeout: 5_000 })
          .toBeGreaterThan(0)
          .then(() => 'opened'),
      ]);
      expect(outcome).toBe('opened');
    }
    expect(opened.filter((live) => live.endedAt !== undefined)).toEqual([]);
  });

  it('listens again when its database connection drops, and the browser catches up', async () => {
    const client = await h.signedIn('client');
    const live = await openedStream(client.agent);
    const before = await notify(client.id);
    await live.next((event) => event.id === String(before));

    // Both instances' LISTEN connections are cut, as a database restart or a proxy would.
    await h.database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [LISTENER_NAME],
    );
    const missed = await notify(client.id);
    // Listening again, the instance ends its streams so that each browser reads what it missed.
    await live.ended;
    expect(live.controls.at(-1)?.retry).toBeGreaterThanOrEqual(1_000);
    const back = await openedStream(client.agent, { lastEventId: live.controls[0]!.id! });
    await back.next((event) => event.id === String(missed));
    const after = await notify(client.id);
    await back.next((event) => event.id === String(after));
    expect(back.events.map((event) => dataOf(event).id)).toEqual([before, missed, after]);
  });

  it('keeps a quiet stream alive past the idle time-out with heartbeats', async () => {
    const client = await h.signedIn('client');
    const quiet = await openedStream(client.agent, { on: otherBase });
    // Idle time-out 600 ms: a heartbeat every 300 ms. Four of them outlast it and the request's
    // 1 s deadline.
    await expect.poll(() => quiet.comments, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    expect(quiet.endedAt).toBeUndefined();
  });
});
