import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../../tests/factories';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { notificationPreferences, users } from '../../../../server/db/schema';
import type { EventPayload } from '../../../../server/events/catalogue';
import { NOTIFICATION_TYPES } from '../../../../shared/notification-types';
import { bid, person, PUBLIC_URL, queuedMails, requestOf, type Person } from './inbox-world';

/** docs/notifications.md "Preferences": channels per type, the old switch, and mail that obeys. */
let h: AccountsHarness;
const created: EventPayload<'notification.created'>[] = [];

beforeAll(async () => {
  h = await accountsHarness({
    publicUrl: PUBLIC_URL,
    eventHandlers: (events) =>
      events.on('notification.created', async (_tx, { payload }) => {
        created.push(payload);
      }),
  });
});
afterAll(async () => h.close());

const URL = '/api/users/notification-preferences';
const preferencesOf = async (reader: Person) => {
  const answer = await reader.agent.get(URL);
  expect(answer.statusCode).toBe(200);
  return answer.json().preferences as Record<string, { email: boolean; push: boolean }>;
};
const choose = (reader: Person, preferences: object) => reader.agent.put(URL, { preferences });
const bidEmailsOf = async (reader: Person) =>
  (await reader.agent.get('/api/users/profile')).json().user.bid_emails as boolean;

describe('channel preferences', () => {
  it('start with every type on both channels', async () => {
    const reader = await person(h, 'client');
    expect(await preferencesOf(reader)).toEqual(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { email: true, push: true }])),
    );
  });

  it('hold what the person chose, type by type', async () => {
    const reader = await person(h, 'provider');
    const answer = await choose(reader, {
      bid_rejected: { email: false, push: true },
      review_received: { email: true, push: false },
      new_device_sign_in: { email: true, push: false },
    });
    expect(answer.statusCode).toBe(200);
    const held = await preferencesOf(reader);
    expect(answer.json().preferences).toEqual(held);
    expect(held.bid_rejected).toEqual({ email: false, push: true });
    expect(held.review_received).toEqual({ email: true, push: false });
    expect(held.new_device_sign_in).toEqual({ email: true, push: false });
    expect(held.bid_accepted).toEqual({ email: true, push: true });
    // A later choice changes only the types it names.
    await choose(reader, { bid_rejected: { email: true, push: true } });
    expect(await preferencesOf(reader)).toEqual({
      ...held,
      bid_rejected: { email: true, push: true },
    });
  });

  it('keep mail about account security on: a change that turns it off is refused whole', async () => {
    const reader = await person(h, 'client');
    const refused = await choose(reader, {
      bid_received: { email: false, push: false },
      password_changed: { email: false, push: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('essential_email_required');
    expect((await preferencesOf(reader)).bid_received).toEqual({ email: true, push: true });
    expect(
      await h.database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, reader.id)),
    ).toEqual([]);
  });

  it('refuse an unknown type, an empty change and half a choice', async () => {
    const reader = await person(h, 'client');
    for (const preferences of [
      { bid_teleported: { email: false, push: false } },
      {},
      { bid_received: { email: false } },
      { bid_received: { email: 'no', push: true } },
    ]) {
      const refused = await choose(reader, preferences);
      expect(refused.statusCode, JSON.stringify(preferences)).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
    }
    expect((await h.agent().get(URL)).statusCode).toBe(401);
  });
});

describe('the old bid-mail switch (PUT /api/users/notifications)', () => {
  it('turns every mail about bids off and on, and reads true only while all of them are on', async () => {
    const reader = await person(h, 'client');
    const off = await reader.agent.put('/api/users/notifications', { bid_emails: false });
    expect(off.json().user.bid_emails).toBe(false);
    const prefs = await preferencesOf(reader);
    for (const type of [
      'bid_received',
      'bid_changed',
      'bid_withdrawn',
      'bid_accepted',
      'bid_rejected',
    ]) {
      expect(prefs[type], type).toEqual({ email: false, push: true });
    }
    expect(prefs.hire_released).toEqual({ email: true, push: true });

    await choose(reader, { bid_received: { email: true, push: true } });
    expect(await bidEmailsOf(reader)).toBe(false);
    await reader.agent.put('/api/users/notifications', { bid_emails: true });
    expect(Object.values(await preferencesOf(reader)).every((choice) => choice.email)).toBe(true);
    expect(await bidEmailsOf(reader)).toBe(true);
    await choose(reader, { bid_withdrawn: { email: false, push: true } });
    expect(await bidEmailsOf(reader)).toBe(false);
  });

  it('was carried into the choices per type for everyone who had turned it off', async () => {
    const quiet = await createAccount(h.database.db, 'client');
    const loud = await createAccount(h.database.db, 'client');
    await h.database.db.update(users).set({ bidEmails: false }).where(eq(users.id, quiet.id));
    // The carrying statement of the migration, run again over these two accounts.
    const migration = fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../server/db/migrations/0018_inbox_and_sign_in_devices.sql',
      ),
      'utf8',
    );
    const carry = migration.split('--> statement-breakpoint').at(-1)!;
    await h.database.db.execute(sql.raw(carry));
    const rows = await h.database.db.select().from(notificationPreferences);
    expect(rows.filter((row) => row.userId === loud.id)).toEqual([]);
    expect(
      rows
        .filter((row) => row.userId === quiet.id)
        .map((row) => [row.type, row.email, row.push])
        .sort(),
    ).toEqual(
      ['bid_accepted', 'bid_changed', 'bid_received', 'bid_rejected', 'bid_withdrawn'].map(
        (type) => [type, false, true],
      ),
    );
  });
});

describe('mail and push follow the preferences', () => {
  it('sends no mail of a type turned off, and still writes it to the inbox', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    await choose(client, { bid_changed: { email: false, push: true } });
    const request = await requestOf(h, client, 'Oprava podlahy');
    const bidId = await bid(provider, request.id, 300);
    // The client has seen the bid, so its revision is news.
    await client.agent.get(`/api/bids/work-request/${request.id}`);
    await provider.agent.put(`/api/bids/${bidId}`, {
      amount: 280,
      description: 'Urobím to do týždňa, materiál mám.',
    });
    expect((await queuedMails(h, client.email)).map((mail) => mail.kind)).toEqual(['newBid']);
    const inbox = (await client.agent.get('/api/notifications')).json().notifications;
    expect(inbox.map((item: { type: string }) => item.type)).toEqual([
      'bid_changed',
      'bid_received',
    ]);
  });

  it('tells the push channel whether the reader wants the type pushed', async () => {
    const client = await person(h, 'client');
    const provider = await person(h, 'provider');
    await choose(client, { bid_received: { email: true, push: false } });
    const request = await requestOf(h, client, 'Oprava schodov');
    await bid(provider, request.id);
    await client.agent.put('/api/users/password', {
      currentPassword: client.password,
      newPassword: 'Nove-Heslo-2026-pevne',
    });
    const told = created.filter((payload) => payload.userId === client.id);
    expect(told.map(({ type, push }) => [type, push])).toEqual([
      ['bid_received', false],
      ['password_changed', true],
    ]);
    const ids = (await client.agent.get('/api/notifications'))
      .json()
      .notifications.map((item: { id: number }) => item.id);
    expect(told.map((payload) => payload.notificationId).sort()).toEqual([...ids].sort());
  });
});
