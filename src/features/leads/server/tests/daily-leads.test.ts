import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import {
  dataOf,
  openEventStream,
  type OpenStream,
} from '../../../../../tests/support/event-stream-client';
import { startPushService, type PushService } from '../../../../../tests/support/push-service';
import { users } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { QUEUES } from '../../../../server/jobs/job-queue';
import { generateVapidKeys } from '../../../notifications/server/push-vapid';
import { queuedMails, rowsOf } from '../../../notifications/server/tests/inbox-world';
import { DAILY_LEADS_CRON, DAILY_LEADS_TIME_ZONE, sendDailyLeads } from '../daily-leads';
import { leadDeliveries } from '../tables';
import { CLIENT_PHONE, PLACES, person, post, providerWithAlert, type Person } from './leads-world';

/**
 * Instant and daily alerts (docs/leads.md "Instant and daily"): a lead is in the inbox, the bell
 * and the live stream at once either way; an instant one is pushed and mailed at once, a daily one
 * waits for the 7:00 job, which the test runs with the clock of the next morning: one mail per
 * provider with all of the day's leads, one push, and nothing again when run twice. No channel
 * carries a contact of the client.
 */
const vapid = generateVapidKeys('mailto:podpora@majstri.test');
let h: AccountsHarness;
let events: EventBus;
let service: PushService;
let base: string;
let client: Person;
const streams: OpenStream[] = [];

const cookieOf = (agent: Agent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

beforeAll(async () => {
  service = await startPushService();
  h = await accountsHarness({
    push: { vapid, allowedOrigins: [service.origin], trustedCa: service.certificate },
    eventHandlers: (bus) => (events = bus),
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  client = await person(h, 'client');
  const profile = new FormData();
  profile.set('name', client.name);
  profile.set('phone_number', CLIENT_PHONE);
  expect((await client.agent.form('PUT', '/api/users/profile', profile)).statusCode).toBe(200);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await h.close();
  await service.close();
});

/** The provider turns push on for a device of the test's push service. */
async function withDevice(provider: Person) {
  const subscription = service.subscribe();
  const answer = await provider.agent.post('/api/push/subscriptions', subscription);
  expect(answer.statusCode, answer.body).toBe(201);
  return subscription.endpoint;
}

async function streamOf(someone: Person) {
  const stream = await openEventStream(base, { cookie: cookieOf(someone.agent) });
  streams.push(stream);
  await vi.waitFor(() => expect(stream.controls.length).toBeGreaterThan(0));
  return stream;
}

/** Push jobs queued for this person (each a notification to push to their devices). */
async function pushJobsOf(userId: string) {
  const result = await h.database.db.execute<{ data: { notificationId: number } }>(
    sql`select data from pgboss.job where name = ${QUEUES.push} and data->>'userId' = ${userId}`,
  );
  return result.rows.map((row) => row.data);
}

const clientContacts = () => [client.email, client.name, '911 222 333', '911222333'];
const tomorrowAtSeven = () => new Date(Date.now() + 24 * 3600_000);

describe('an instant alert', () => {
  it('reaches the bell live, the device and the mail at once, with no client contact', async () => {
    const provider = await providerWithAlert(h, {
      categories: ['carpentry'],
      place_id: PLACES.presov,
      radius_km: 40,
      frequency: 'instant',
    });
    const endpoint = await withDevice(provider);
    const stream = await streamOf(provider);
    const job = await post(h, events, client, {
      title: 'Vstavaná skriňa do spálne',
      description: `Skriňa na mieru 2,4 m. Volajte ${CLIENT_PHONE} alebo ${client.email}.`,
      category: 'carpentry',
      placeId: PLACES.sabinov,
    });

    const live = await stream.next((event) => event.event === 'notification', 10_000);
    const notification = dataOf<{ type: string; data: Record<string, unknown> }>(live);
    expect(notification.type).toBe('new_lead');
    expect(notification.data).toMatchObject({ work_request_id: job, place_name: 'Sabinov' });

    const find = () => service.received().find((push) => push.endpoint === endpoint);
    await expect.poll(find, { timeout: 15_000, interval: 100 }).toBeDefined();
    const payload = find()!.payload as { title: string; body: string; link: string };
    expect(payload).toMatchObject({
      title: 'Nová zákazka vo vašom okolí',
      body: 'Nová požiadavka „Vstavaná skriňa do spálne“ zodpovedá vášmu upozorneniu na zákazky.',
      link: `/request/${job}`,
    });
    const [mail] = await queuedMails(h, provider.email, 'newLead');
    expect(mail!.subject).toBe('Nová zákazka: „Vstavaná skriňa do spálne“');

    // The description holds the client's phone and address: no channel carries it, nor the name.
    const told = [live.data, JSON.stringify(payload), mail!.subject, mail!.text];
    for (const text of told) {
      for (const contact of clientContacts()) expect(text).not.toContain(contact);
    }
  });
});

describe('a daily alert', () => {
  let provider: Person;
  let endpoint: string;
  const jobs: string[] = [];

  beforeAll(async () => {
    provider = await providerWithAlert(h, {
      categories: ['gardening'],
      place_id: PLACES.kosice,
      radius_km: 50,
      frequency: 'daily',
    });
    endpoint = await withDevice(provider);
  });

  it('puts each lead in the inbox and on the bell at once, but mails and pushes nothing yet', async () => {
    const stream = await streamOf(provider);
    for (const title of ['Kosenie záhrady 8 árov', 'Orez ovocných stromov']) {
      jobs.push(
        await post(h, events, client, { title, category: 'gardening', placeId: PLACES.presov }),
      );
    }
    await stream.next(
      (event) => event.event === 'notification' && event.data.includes(jobs[1]!),
      10_000,
    );
    const inbox = await provider.agent.get('/api/notifications');
    expect(inbox.json().unread_count).toBe(2);
    expect(
      inbox.json().notifications.map((n: { data: { title: string } }) => n.data.title),
    ).toEqual(['Orez ovocných stromov', 'Kosenie záhrady 8 árov']);
    expect(await queuedMails(h, provider.email)).toEqual([]);
    expect(await pushJobsOf(provider.id)).toEqual([]);
  });

  it('goes out at 7:00 as one mail with the day leads and one push; a second run sends nothing', async () => {
    // A lead of a request cancelled overnight is not listed.
    const cancelled = await post(h, events, client, {
      title: 'Výrub suchej brezy',
      category: 'gardening',
      placeId: PLACES.kosice,
    });
    await h.database.db.execute(
      sql`update work_requests set status = 'CANCELLED' where id = ${cancelled}`,
    );

    expect(await sendDailyLeads({ db: h.database.db, events }, tomorrowAtSeven())).toBe(1);
    const mails = await queuedMails(h, provider.email, 'newLeadsDigest');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nové zákazky vo vašom okolí (2)');
    expect(mails[0]!.text).toContain('Kosenie záhrady 8 árov (Záhradnícke práce, Prešov)');
    expect(mails[0]!.text).toContain(`http://localhost:3000/request/${jobs[1]}`);
    expect(mails[0]!.text).not.toContain('Výrub suchej brezy');
    expect(mails[0]!.unsubscribeUrl).toBeDefined();
    for (const contact of clientContacts()) expect(mails[0]!.text).not.toContain(contact);
    expect(await queuedMails(h, provider.email, 'newLead')).toEqual([]);

    const find = () => service.received().filter((push) => push.endpoint === endpoint);
    await expect.poll(() => find().length, { timeout: 15_000, interval: 100 }).toBe(1);

    const unsent = await h.database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.userId, provider.id));
    expect(unsent.every((row) => row.mailedAt !== null)).toBe(true);

    expect(await sendDailyLeads({ db: h.database.db, events }, tomorrowAtSeven())).toBe(0);
    expect(await queuedMails(h, provider.email, 'newLeadsDigest')).toHaveLength(1);
    expect(await pushJobsOf(provider.id)).toHaveLength(1);
  });

  it('follows the mail choice: nothing mailed when lead mail is off, and marked sent', async () => {
    const quiet = await providerWithAlert(h, {
      categories: ['cleaning'],
      place_id: PLACES.presov,
      radius_km: 30,
      frequency: 'daily',
    });
    await quiet.agent.put('/api/users/notification-preferences', {
      preferences: { new_lead: { email: false, push: false } },
    });
    await post(h, events, client, {
      title: 'Upratovanie po maľovaní',
      category: 'cleaning',
      placeId: PLACES.presov,
    });
    await sendDailyLeads({ db: h.database.db, events }, tomorrowAtSeven());
    expect(await queuedMails(h, quiet.email)).toEqual([]);
    expect((await rowsOf(h, 'new_lead')).some((row) => row.userId === quiet.id)).toBe(true);
  });

  it('sends nothing to a provider whose account was disabled overnight', async () => {
    const leaving = await providerWithAlert(h, {
      categories: ['windows_doors_shading'],
      place_id: PLACES.sabinov,
      radius_km: 20,
      frequency: 'daily',
    });
    await post(h, events, client, {
      title: 'Nové žalúzie do troch okien',
      category: 'windows_doors_shading',
      placeId: PLACES.sabinov,
    });
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'self' })
      .where(eq(users.id, leaving.id));
    expect(await sendDailyLeads({ db: h.database.db, events }, tomorrowAtSeven())).toBe(0);
    expect(await queuedMails(h, leaving.email, 'newLeadsDigest')).toEqual([]);
  });

  it('is scheduled at 7:00 Europe/Bratislava', async () => {
    const schedules = await h.database.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${QUEUES.dailyLeads}`,
    );
    expect(schedules.rows).toEqual([{ cron: DAILY_LEADS_CRON, timezone: DAILY_LEADS_TIME_ZONE }]);
    expect(DAILY_LEADS_CRON).toBe('0 7 * * *');
    expect(DAILY_LEADS_TIME_ZONE).toBe('Europe/Bratislava');
  });
});
