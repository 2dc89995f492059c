import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TEST_PASSWORD } from '../../../../../tests/factories';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { QUEUES } from '../../../../server/jobs/job-queue';
import type { QueuedMail } from '../../../../server/mail/mail-queue';
import { ESSENTIAL_TYPES, type NotificationType } from '../../../../shared/notification-types';
import {
  bid,
  ids,
  inboxOf,
  person,
  PHONE,
  PUBLIC_URL,
  queuedMails,
  readersOf,
  requestOf,
  rowsOf,
  type Person,
} from './inbox-world';

/**
 * docs/notifications.md "Kinds": each change writes its notification for exactly the people it
 * concerns, never for anyone else, with only what each of them may see.
 */
let h: AccountsHarness;
let client: Person;
let bystanders: Person[];

beforeAll(async () => {
  h = await accountsHarness({ publicUrl: PUBLIC_URL });
  client = await person(h, 'client');
  // People the changes below are not about: none of them may get anything.
  bystanders = [await person(h, 'client'), await person(h, 'provider')];
});
afterAll(async () => h.close());

/** What nobody outside a change may find in their inbox afterwards. */
async function bystandersHaveNothing() {
  for (const bystander of bystanders) expect((await inboxOf(bystander)).notifications).toEqual([]);
}

/** No contact detail of anyone in a notification's data (no contact before a hire, nor after). */
function expectNoContact(data: unknown, people: Person[]) {
  const text = JSON.stringify(data);
  for (const someone of people) expect(text).not.toContain(someone.email);
  expect(text).not.toContain(PHONE);
  expect(text.replace(/\s/g, '')).not.toContain(PHONE.replace(/\s/g, ''));
}

describe('a bid’s life', () => {
  it('tells the client of each bid, change and withdrawal, and each bidder of the choice', async () => {
    const title = 'Výmena okien v spálni';
    const request = await requestOf(h, client, title);
    const [winner, loser, quitter] = [
      await person(h, 'provider'),
      await person(h, 'provider'),
      await person(h, 'provider'),
    ];

    const winnerBid = await bid(winner, request.id, 480);
    const received = (await rowsOf(h, 'bid_received')).filter((row) => row.data.title === title);
    expect(received.map((row) => row.userId)).toEqual([client.id]);
    expect(received[0]!.data).toEqual({
      work_request_id: request.id,
      title,
      bid_id: winnerBid,
      amount_cents: 48_000,
      provider_id: winner.id,
      provider_name: winner.name,
    });
    expect(received[0]!.link).toBe(`/request/${request.id}`);
    // Before a hire, the client learns the provider's name, never their contact.
    expectNoContact(received[0]!.data, [client, winner]);

    const revise = (amount: number) =>
      winner.agent.put(`/api/bids/${winnerBid}`, {
        amount,
        description: 'Urobím to do týždňa, materiál mám.',
      });
    // A revision before the client has seen the bid tells them nothing new.
    expect((await revise(460)).statusCode).toBe(200);
    expect(await readersOf(h, 'bid_changed', title)).toEqual([]);
    // Once they have opened it, a revision is news.
    expect((await client.agent.get(`/api/bids/work-request/${request.id}`)).statusCode).toBe(200);
    expect((await revise(450)).statusCode).toBe(200);
    expect(await readersOf(h, 'bid_changed', title)).toEqual([client.id]);
    const [change] = (await rowsOf(h, 'bid_changed')).filter((row) => row.data.title === title);
    expect(change!.data).toMatchObject({ amount_cents: 45_000, provider_name: winner.name });

    await bid(loser, request.id, 500);
    const quitterBid = await bid(quitter, request.id, 520);
    expect((await quitter.agent.delete(`/api/bids/${quitterBid}`)).statusCode).toBe(200);
    expect(await readersOf(h, 'bid_withdrawn', title)).toEqual([client.id]);
    expect(await readersOf(h, 'bid_received', title)).toEqual(ids(client, client, client));

    expect((await client.agent.patch(`/api/bids/${winnerBid}/accept`)).statusCode).toBe(200);
    expect(await readersOf(h, 'bid_accepted', title)).toEqual([winner.id]);
    // The one who withdrew has no bid to reject.
    expect(await readersOf(h, 'bid_rejected', title)).toEqual([loser.id]);
    const [accepted] = (await inboxOf(winner)).notifications;
    expect(accepted).toMatchObject({
      type: 'bid_accepted',
      read_at: null,
      link: `/request/${request.id}`,
      data: { work_request_id: request.id, title, bid_id: winnerBid, amount_cents: 45_000 },
    });
    expectNoContact(accepted!.data, [client, winner]);
    expect((await inboxOf(loser)).notifications.map((item) => item.type)).toEqual(['bid_rejected']);
    // The client is told of bids, not of their own choice.
    expect((await inboxOf(client)).notifications.map((item) => item.type)).not.toContain(
      'bid_accepted',
    );

    // The hired provider gets the review; its author is named unless they chose not to be.
    const review = await client.agent.post(`/api/providers/${winner.id}/reviews`, {
      work_request_id: request.id,
      rating: 5,
      comment: 'Rýchlo a čisto.',
    });
    expect(review.statusCode).toBe(201);
    const [reviewed] = (await rowsOf(h, 'review_received')).filter(
      (row) => row.data.title === title,
    );
    expect(reviewed).toMatchObject({
      userId: winner.id,
      link: `/provider/${winner.id}`,
      data: { work_request_id: request.id, title, rating: 5, author_name: client.name },
    });
    await bystandersHaveNothing();
  });

  it('names no author of an anonymous review', async () => {
    const title = 'Oprava brány';
    const request = await requestOf(h, client, title);
    const provider = await person(h, 'provider');
    const bidId = await bid(provider, request.id);
    await client.agent.patch(`/api/bids/${bidId}/accept`);
    await client.agent.post(`/api/providers/${provider.id}/reviews`, {
      work_request_id: request.id,
      rating: 3,
      anonymous: true,
    });
    const [reviewed] = (await inboxOf(provider)).notifications;
    expect(reviewed).toMatchObject({
      type: 'review_received',
      data: { rating: 3, author_name: null },
    });
    expect(JSON.stringify(reviewed)).not.toContain(client.name);
  });
});

describe('a request the providers bid on', () => {
  it('cancelled: each bidder is told, the client is not', async () => {
    const title = 'Maľovanie plota';
    const request = await requestOf(h, client, title);
    const bidders = [await person(h, 'provider'), await person(h, 'provider')];
    for (const provider of bidders) await bid(provider, request.id);
    expect((await client.agent.patch(`/api/work-requests/${request.id}/cancel`)).statusCode).toBe(
      200,
    );
    expect(await readersOf(h, 'request_cancelled', title)).toEqual(ids(...bidders));
    await bystandersHaveNothing();
  });

  it('deleted: each bidder keeps its title alone; what the inboxes said about it goes', async () => {
    const title = 'Búranie priečky';
    const request = await requestOf(h, client, title);
    const bidders = [await person(h, 'provider'), await person(h, 'provider')];
    for (const provider of bidders) await bid(provider, request.id);
    expect(await readersOf(h, 'bid_received', title)).toHaveLength(2);

    expect((await client.agent.delete(`/api/work-requests/${request.id}`)).statusCode).toBe(200);
    const deleted = (await rowsOf(h, 'request_deleted')).filter((row) => row.data.title === title);
    expect(deleted.map((row) => row.userId).sort()).toEqual(ids(...bidders));
    for (const row of deleted) {
      expect(row.data).toEqual({ title });
      expect(row.link).toBe('/browse');
    }
    // Nobody may open it any more: the client's notifications of its bids are gone.
    expect(await readersOf(h, 'bid_received', title)).toEqual([]);
    await bystandersHaveNothing();
  });

  it('deleted with its client’s account: each bidder is told', async () => {
    const title = 'Kosenie záhrady';
    const leaving = await person(h, 'client');
    const request = await requestOf(h, leaving, title);
    const provider = await person(h, 'provider');
    await bid(provider, request.id);
    expect((await leaving.agent.delete('/api/users/account')).statusCode).toBe(200);
    expect(await readersOf(h, 'request_deleted', title)).toEqual([provider.id]);
    expect(await readersOf(h, 'bid_received', title)).toEqual([]);
  });

  it('reopened when the hired provider left: the client and the other bidders are told', async () => {
    const title = 'Oprava strechy';
    const request = await requestOf(h, client, title);
    const hired = await person(h, 'provider');
    const others = [await person(h, 'provider'), await person(h, 'provider')];
    const hiredBid = await bid(hired, request.id);
    for (const provider of others) await bid(provider, request.id);
    await client.agent.patch(`/api/bids/${hiredBid}/accept`);
    expect(await readersOf(h, 'bid_accepted', title)).toEqual([hired.id]);

    expect((await hired.agent.delete('/api/users/account')).statusCode).toBe(200);
    expect(await readersOf(h, 'hire_released', title)).toEqual([client.id]);
    expect(await readersOf(h, 'request_reopened', title)).toEqual(ids(...others));
    // The departed provider's own notifications went with their account.
    expect(await readersOf(h, 'bid_accepted', title)).toEqual([]);
    const [released] = (await inboxOf(client)).notifications;
    expect(released).toMatchObject({
      type: 'hire_released',
      link: `/request/${request.id}`,
      data: { work_request_id: request.id, title },
    });

    // A provider who then withdraws gives the request up, and what they were told of it goes.
    const [quitter] = others;
    const bidsOfQuitter = (await quitter!.agent.get(`/api/bids/provider/${quitter!.id}`)).json()
      .bids as { id: string }[];
    expect((await quitter!.agent.delete(`/api/bids/${bidsOfQuitter[0]!.id}`)).statusCode).toBe(200);
    expect(await readersOf(h, 'request_reopened', title)).toEqual([others[1]!.id]);
    await bystandersHaveNothing();
  });
});

describe('account security', () => {
  const FIREFOX =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const CHROME =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const signIn = (agent: ReturnType<AccountsHarness['agent']>, email: string, userAgent: string) =>
    agent.post(
      '/api/auth/login',
      { email, password: TEST_PASSWORD },
      {
        headers: { 'user-agent': userAgent },
      },
    );

  it('tells of a sign-in from a device the account has not used, once', async () => {
    const owner = await person(h, 'client');
    const laptop = h.agent('198.51.100.7');
    expect((await signIn(laptop, owner.email, FIREFOX)).statusCode).toBe(200);
    const [told] = (await inboxOf(owner)).notifications;
    expect(told).toMatchObject({
      type: 'new_device_sign_in',
      data: { browser: 'Firefox', os: 'Windows' },
      link: '/profile?tab=security',
    });
    const [mail] = await queuedMails(h, owner.email, 'newDeviceSignIn');
    expect(mail!.text).toContain('Firefox, Windows');
    // Essential: no way to turn it off.
    expect(mail!.unsubscribeUrl).toBeUndefined();

    // The same browser again (its session, its sign-in note), and another browser of the same
    // kind on the same network (cookies cleared, say): known.
    expect((await signIn(laptop, owner.email, FIREFOX)).statusCode).toBe(200);
    expect((await signIn(h.agent('198.51.100.200'), owner.email, FIREFOX)).statusCode).toBe(200);
    expect((await inboxOf(owner)).notifications).toHaveLength(1);
    // The same kind of browser elsewhere, and another browser here: each new.
    expect((await signIn(h.agent('203.0.113.5'), owner.email, FIREFOX)).statusCode).toBe(200);
    expect((await signIn(h.agent('198.51.100.7'), owner.email, CHROME)).statusCode).toBe(200);
    const everyTold = (await inboxOf(owner)).notifications;
    expect(everyTold.map((item) => [item.type, item.data.browser])).toEqual([
      ['new_device_sign_in', 'Chrome'],
      ['new_device_sign_in', 'Firefox'],
      ['new_device_sign_in', 'Firefox'],
    ]);
    expect(await queuedMails(h, owner.email, 'newDeviceSignIn')).toHaveLength(3);
  });

  it('does not call an account’s first sign-in a new device', async () => {
    const fresh = await createAccount(h.database.db, 'client');
    expect((await signIn(h.agent(), fresh.email, FIREFOX)).statusCode).toBe(200);
    expect((await rowsOf(h, 'new_device_sign_in')).map((row) => row.userId)).not.toContain(
      fresh.id,
    );
  });

  it('tells of a changed password and of two-factor sign-in turned on and off', async () => {
    const owner = await person(h, 'provider');
    const changed = await owner.agent.put('/api/users/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Nove-Heslo-2026-pevne',
    });
    expect(changed.statusCode).toBe(200);
    const started = await owner.agent.post('/api/users/two-factor/enrolment', {
      password: 'Nove-Heslo-2026-pevne',
    });
    const key = (started.json().manual_key as string).replace(/\s/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate();
    const confirmed = await owner.agent.post('/api/users/two-factor/enrolment/confirm', { code });
    expect(confirmed.statusCode).toBe(200);
    const off = await owner.agent.post('/api/users/two-factor/disable', {
      password: 'Nove-Heslo-2026-pevne',
    });
    expect(off.statusCode).toBe(200);

    const inbox = (await inboxOf(owner)).notifications;
    expect(inbox.map((item) => [item.type, item.data, item.link])).toEqual([
      ['two_factor_changed', { enabled: false }, '/profile?tab=security'],
      ['two_factor_changed', { enabled: true }, '/profile?tab=security'],
      ['password_changed', {}, '/profile?tab=security'],
    ]);
    for (const type of ['password_changed', 'two_factor_changed'] as const) {
      expect(new Set((await rowsOf(h, type)).map((row) => row.userId))).toEqual(
        new Set([owner.id]),
      );
    }
    await bystandersHaveNothing();
  });
});

describe('the mail of every kind', () => {
  /** The mail of each type, as the handlers queue it. */
  const TYPE_OF_MAIL: Partial<Record<QueuedMail['kind'], NotificationType>> = {
    newBid: 'bid_received',
    bidChanged: 'bid_changed',
    bidWithdrawn: 'bid_withdrawn',
    bidAccepted: 'bid_accepted',
    bidNotChosen: 'bid_rejected',
    requestCancelled: 'request_cancelled',
    requestDeleted: 'request_deleted',
    requestReopened: 'request_reopened',
    hireReleased: 'hire_released',
    reviewReceived: 'review_received',
    newDeviceSignIn: 'new_device_sign_in',
    passwordChanged: 'password_changed',
    twoFactorOn: 'two_factor_changed',
    twoFactorOff: 'two_factor_changed',
  };

  it('was sent above, and carries an unsubscribe link naming its reader and type unless essential', async () => {
    const queued = await h.database.db.execute<{ data: QueuedMail; user_id: string | null }>(
      sql`select job.data, users.id as user_id from pgboss.job
          left join users on lower(users.email) = lower(job.data->>'to')
          where job.name = ${QUEUES.mail}`,
    );
    const kinds = new Set(queued.rows.map((row) => row.data.kind));
    expect([...kinds].sort()).toEqual(Object.keys(TYPE_OF_MAIL).sort());
    for (const { data: mail, user_id: userId } of queued.rows) {
      const type = TYPE_OF_MAIL[mail.kind]!;
      if (ESSENTIAL_TYPES.includes(type)) {
        expect(mail.unsubscribeUrl, mail.kind).toBeUndefined();
        continue;
      }
      const url = new URL(mail.unsubscribeUrl!);
      expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/notifications/unsubscribe`);
      const [body] = url.searchParams.get('token')!.split('.');
      const named = JSON.parse(Buffer.from(body!, 'base64url').toString()) as object;
      // The readers who deleted their accounts above are no longer there to name.
      expect(named, mail.kind).toMatchObject({ t: type, ...(userId ? { u: userId } : {}) });
    }
  });
});
