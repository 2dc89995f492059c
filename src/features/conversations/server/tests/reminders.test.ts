import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { startPushService, type PushService } from '../../../../../tests/support/push-service';
import { users } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { generateVapidKeys } from '../../../notifications/server/push-vapid';
import { queuedMails, rowsOf } from '../../../notifications/server/tests/inbox-world';
import { remindUnread } from '../reminders';
import { askedThread, hire, write } from './conversations-world';

/**
 * A message not read within 10 minutes reaches its reader by push when they get this type's
 * push on a device, or else by mail, as their preferences say. Time is moved by the test: the
 * sweep is run as of a `now` eleven minutes ahead.
 */
let h: AccountsHarness;
let events: EventBus;
let service: PushService;
const vapid = generateVapidKeys('mailto:podpora@majstri.test');

beforeAll(async () => {
  service = await startPushService();
  h = await accountsHarness({
    push: { vapid, allowedOrigins: [service.origin], trustedCa: service.certificate },
    eventHandlers: (bus) => (events = bus),
  });
});
afterAll(async () => {
  await h.close();
  await service.close();
});

const inElevenMinutes = () => new Date(Date.now() + 11 * 60_000);
const sweep = (now = inElevenMinutes()) => remindUnread({ db: h.database.db, events }, now);

/** The provider asks; the client reads in English. */
async function askedInEnglish() {
  const world = await askedThread(
    h,
    'Is the old tiling to be removed too? Write to jozo@obklady.sk',
    'Obklad kúpeľne a WC',
  );
  await h.database.db
    .update(users)
    .set({ preferredLanguage: 'en' })
    .where(eq(users.id, world.client.id));
  return world;
}

describe('an unread message', () => {
  it('is mailed after 10 minutes, masked as stored, once, in the reader language', async () => {
    const world = await askedInEnglish();
    expect(await sweep(new Date(Date.now() + 9 * 60_000))).toBe(0);
    expect(await queuedMails(h, world.client.email, 'messageReceived')).toHaveLength(0);

    await sweep();
    const mails = await queuedMails(h, world.client.email, 'messageReceived');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New message about “Obklad kúpeľne a WC”');
    expect(mails[0]!.text).toContain('Is the old tiling to be removed too? Write to •••');
    expect(mails[0]!.text).not.toContain('jozo@obklady.sk');
    expect(mails[0]!.text).toContain(`http://localhost:3000/messages/${world.threadId}`);
    const inbox = (await rowsOf(h, 'message_received')).filter(
      (row) => row.userId === world.client.id,
    );
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.data).toMatchObject({
      conversation_id: world.threadId,
      sender_name: expect.any(String),
    });

    // Told once: the next sweeps find nothing new.
    expect(await sweep()).toBe(0);
    expect(await queuedMails(h, world.client.email, 'messageReceived')).toHaveLength(1);
  });

  it('unread on both sides of one thread reaches both readers', async () => {
    const world = await askedInEnglish();
    await write(world.client.agent, world.threadId, 'Odpoveď klientky');
    await sweep();
    expect(await queuedMails(h, world.client.email, 'messageReceived')).toHaveLength(1);
    expect(await queuedMails(h, world.provider.email, 'messageReceived')).toHaveLength(1);
  });

  it('read within 10 minutes is told of by nothing', async () => {
    const world = await askedInEnglish();
    await world.client.agent.post(`/api/conversations/${world.threadId}/read`);
    await sweep();
    expect(await queuedMails(h, world.client.email, 'messageReceived')).toHaveLength(0);
  });

  it('reaches a reader with a device by push instead of mail', async () => {
    const world = await askedInEnglish();
    const subscription = service.subscribe();
    expect(
      (await world.client.agent.post('/api/push/subscriptions', subscription)).statusCode,
    ).toBe(201);
    await sweep();
    expect(await queuedMails(h, world.client.email, 'messageReceived')).toHaveLength(0);
    const find = () => service.received().find((push) => push.endpoint === subscription.endpoint);
    await expect.poll(find, { timeout: 15_000, interval: 100 }).toBeDefined();
    const payload = find()!.payload as { title: string; body: string; link: string };
    expect(payload.title).toBe('New message');
    expect(payload.link).toBe(`/messages/${world.threadId}`);
    expect(JSON.stringify(payload)).not.toContain('jozo@obklady.sk');
  });

  it('follows the reader choices: no mail when they turned it off', async () => {
    const world = await askedInEnglish();
    const off = await world.client.agent.put('/api/users/notification-preferences', {
      preferences: { message_received: { email: false, push: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await sweep();
    expect(await queuedMails(h, world.client.email, 'messageReceived')).toHaveLength(0);
  });

  it('many unread messages of one thread make one reminder; a client is named after the hire only', async () => {
    const world = await askedInEnglish();
    await write(world.client.agent, world.threadId, 'Áno, aj starý.');
    await write(world.client.agent, world.threadId, 'A aj lepidlo.');
    await sweep();
    const toProvider = await queuedMails(h, world.provider.email, 'messageReceived');
    expect(toProvider).toHaveLength(1);
    expect(toProvider[0]!.text).toContain('A aj lepidlo.');
    expect(toProvider[0]!.text).toContain('klient');

    await hire(world.client, world.bidId);
    await write(world.client.agent, world.threadId, 'Volajte 0905 123 456');
    await sweep();
    const after = await queuedMails(h, world.provider.email, 'messageReceived');
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('Volajte 0905 123 456');
    expect(after[1]!.text).toContain('Klára');
  });
});
