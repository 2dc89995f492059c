import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsHarness,
  HOUR_IN_SECONDS,
  type AccountsHarness,
} from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import { retriesDueNow } from '../../../../../tests/support/job-queue-clock';
import {
  startPushService,
  type PushService,
  type ReceivedPush,
} from '../../../../../tests/support/push-service';
import { notifications, users } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { QUEUES } from '../../../../server/jobs/job-queue';
import type { Language } from '../../../../shared/languages';
import type { NotificationType } from '../../../../shared/notification-types';
import { generateVapidKeys } from '../push-vapid';

/**
 * issue 29 §3 "Proof": a notification its reader wants on their devices reaches a push service
 * of our own as an `aes128gcm` body signed with VAPID; the service decrypts it with the
 * subscription's keys and finds the notification, in the reader's language. A subscription the
 * push service says is gone (410) is deleted; a failing push service is tried again.
 */
let h: AccountsHarness;
let service: PushService;
let events: EventBus;
const vapid = generateVapidKeys('mailto:podpora@majstri.test');

beforeAll(async () => {
  service = await startPushService();
  h = await accountsHarness({
    push: {
      vapid,
      allowedOrigins: [service.origin],
      trustedCa: service.certificate,
      retry: { limit: 2, delaySeconds: HOUR_IN_SECONDS },
    },
    eventHandlers: (bus) => (events = bus),
  });
});
afterAll(async () => {
  await h.close();
  await service.close();
});

/** A person reading in `language`, with this browser subscribed to push through the API. */
async function readerWithDevice(language: Language = 'sk') {
  const person = await h.signedIn('client');
  await h.database.db
    .update(users)
    .set({ preferredLanguage: language })
    .where(eq(users.id, person.id));
  const subscription = service.subscribe();
  const answer = await person.agent.post('/api/push/subscriptions', subscription);
  expect(answer.statusCode).toBe(201);
  return { ...person, subscription };
}

/**
 * What the inbox does when something happens: writes the notification and says so, in one
 * transaction (the inbox's handlers do this for every domain event).
 */
async function notify(
  userId: string,
  options: { type?: NotificationType; data?: object; link?: string | null; push?: boolean } = {},
) {
  const type = options.type ?? 'bid_received';
  return h.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({
        userId,
        type,
        data: { title: 'Výmena batérie v kúpeľni', ...options.data },
        link: options.link === undefined ? `/request/${randomUUID()}` : options.link,
      })
      .returning();
    await events.publish(tx, 'notification.created', {
      notificationId: row!.id,
      userId,
      type,
      push: options.push ?? true,
    });
    return row!;
  });
}

/** Each delivery waiting to be tried again is due now: the test moves the queue's clock. */
const pushRetriesDueNow = () => retriesDueNow(h.database.db, QUEUES.pushDelivery);

/** Waits for what the push service receives at `endpoint` with this notification's tag. */
async function pushOf(endpoint: string, notificationId: number): Promise<ReceivedPush> {
  const tag = `notification-${notificationId}`;
  const find = () =>
    service
      .received()
      .find((push) => push.endpoint === endpoint && (push.payload as { tag?: string }).tag === tag);
  await expect
    .poll(
      async () => {
        await pushRetriesDueNow();
        return find();
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBeDefined();
  return find()!;
}

const devicesOf = async (agent: Agent) =>
  (
    (await agent.get('/api/push/subscriptions')).json() as {
      subscriptions: { id: string; last_pushed_at: string | null }[];
    }
  ).subscriptions;

const pushJobsFor = async (notificationId: number) => {
  const result = await h.database.db.execute(
    sql`select count(*)::int as n from pgboss.job
         where name = 'push' and (data->>'notificationId')::bigint = ${notificationId}`,
  );
  return (result.rows[0] as { n: number }).n;
};

describe('a notification on the reader’s phone', () => {
  it('arrives encrypted for the browser, signed with VAPID, in the reader’s language', async () => {
    const reader = await readerWithDevice('uk');
    const link = `/request/${randomUUID()}`;
    const notification = await notify(reader.id, { link });

    const push = await pushOf(reader.subscription.endpoint, notification.id);
    expect(push.payload).toEqual({
      title: 'Нова пропозиція',
      body: 'На вашу заявку «Výmena batérie v kúpeľni» надійшла нова пропозиція.',
      link,
      tag: `notification-${notification.id}`,
    });
    expect(push.vapidKey).toBe(vapid.publicKey);
    expect(push.claims).toMatchObject({ aud: service.origin, sub: vapid.subject });
    expect(push).toMatchObject({ ttl: 86_400, urgency: 'high', topic: `n${notification.id}` });
    expect(service.refused()).toEqual([]);
    await expect
      .poll(async () => (await devicesOf(reader.agent))[0]?.last_pushed_at)
      .not.toBeNull();
  });

  it('goes to every device of the reader, and to nobody else’s', async () => {
    const reader = await readerWithDevice('en');
    const second = service.subscribe();
    await reader.agent.post('/api/push/subscriptions', second);
    const bystander = await readerWithDevice('en');
    const notification = await notify(reader.id, { type: 'request_cancelled' });

    for (const endpoint of [reader.subscription.endpoint, second.endpoint]) {
      const push = await pushOf(endpoint, notification.id);
      expect(push.payload).toMatchObject({
        title: 'Request cancelled',
        body: 'The client cancelled the request “Výmena batérie v kúpeľni” you bid on.',
        tag: `notification-${notification.id}`,
      });
    }
    expect(
      service.received().filter((p) => p.endpoint === bystander.subscription.endpoint),
    ).toEqual([]);
  });

  it('opens the inbox for a notification about no page, and carries no contact detail', async () => {
    const reader = await readerWithDevice('sk');
    const notification = await notify(reader.id, {
      type: 'new_device_sign_in',
      data: { title: undefined, email: 'klient@example.test', phone: '+421 900 111 222' },
      link: null,
    });
    const push = await pushOf(reader.subscription.endpoint, notification.id);
    expect(push.payload).toMatchObject({ title: 'Nové prihlásenie', link: '/notifications' });
    expect(JSON.stringify(push.payload)).not.toMatch(/klient@example|900 111/);
  });

  it('sends nothing for a notification whose reader turned push off for its type', async () => {
    const reader = await readerWithDevice();
    const silent = await notify(reader.id, { push: false });
    const loud = await notify(reader.id, { push: true });
    await pushOf(reader.subscription.endpoint, loud.id);
    expect(await pushJobsFor(silent.id)).toBe(0);
    const tags = service
      .received()
      .filter((push) => push.endpoint === reader.subscription.endpoint)
      .map((push) => (push.payload as { tag: string }).tag);
    expect(tags).toEqual([`notification-${loud.id}`]);
  });

  it('sends nothing for a change that rolled back', async () => {
    const reader = await readerWithDevice();
    let written = 0;
    await expect(
      h.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({ userId: reader.id, type: 'bid_received', data: {} })
          .returning();
        written = row!.id;
        await events.publish(tx, 'notification.created', {
          notificationId: row!.id,
          userId: reader.id,
          type: 'bid_received',
          push: true,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await pushJobsFor(written)).toBe(0);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const reader = await readerWithDevice();
    service.answer(reader.subscription.endpoint, 410);
    await notify(reader.id);
    await expect.poll(() => devicesOf(reader.agent), { timeout: 15_000 }).toEqual([]);
    expect(service.attempts(reader.subscription.endpoint)).toBe(1);
  });

  it('tries a failing push service again, and delivers once it answers', async () => {
    const reader = await readerWithDevice();
    service.failNext(reader.subscription.endpoint, 503, 2);
    const notification = await notify(reader.id);
    await pushOf(reader.subscription.endpoint, notification.id);
    expect(service.attempts(reader.subscription.endpoint)).toBe(3);
    expect(await devicesOf(reader.agent)).toHaveLength(1);
  });

  it('gives up after its last attempt, keeping the device', async () => {
    const reader = await readerWithDevice();
    service.answer(reader.subscription.endpoint, 500);
    await notify(reader.id);
    // The first attempt and two retries (the test's limit).
    await expect
      .poll(
        async () => {
          await pushRetriesDueNow();
          return service.attempts(reader.subscription.endpoint);
        },
        { timeout: 30_000 },
      )
      .toBe(3);
    const failed = async () => {
      const result = await h.database.db.execute(
        sql`select count(*)::int as n from pgboss.job
             where name = 'push-delivery' and state = 'failed' and data->>'userId' = ${reader.id}`,
      );
      return (result.rows[0] as { n: number }).n;
    };
    await expect.poll(failed).toBe(1);
    expect(await devicesOf(reader.agent)).toHaveLength(1);
  });
});
