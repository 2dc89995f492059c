import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { CaughtMail } from '../../../../../tests/support/mailbox';
import { createSigner } from '../../../../server/signed-token';
import en from '../../../../locales/en/unsubscribe.json';
import sk from '../../../../locales/sk/unsubscribe.json';
import { bid, person, PUBLIC_URL, queuedMails, requestOf, type Person } from './inbox-world';

/** docs/notifications.md "Unsubscribe link": RFC 8058 one-click unsubscribe of each mail type. */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness({ publicUrl: PUBLIC_URL });
});
afterAll(async () => h.close());

const PATH = '/api/notifications/unsubscribe';

/** A client whose request just got a bid, and the new-bid mail they were sent. */
async function clientMailedABid(language: 'sk' | 'en' = 'sk') {
  const client = await person(h, 'client');
  await client.agent.put('/api/users/language', { preferred_language: language });
  const request = await requestOf(h, client, 'Oprava kúrenia');
  const since = h.mailbox.mails.length;
  await bid(await person(h, 'provider'), request.id);
  return { client, request, mail: await h.mailbox.waitFor(client.email, since) };
}

/** The link of the mail's List-Unsubscribe header, as a path of the app. */
function linkOf(mail: CaughtMail) {
  const header = mail.headers['list-unsubscribe'];
  expect(header).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=.+>$/);
  const url = new URL(header!.slice(1, -1));
  return `${url.pathname}${url.search}`;
}

const preferenceOf = async (reader: Person, type: string) =>
  (await reader.agent.get('/api/users/notification-preferences')).json().preferences[type] as {
    email: boolean;
    push: boolean;
  };

/** A POST as a mail provider sends it: no cookies, no CSRF token, from its own address. */
const postFromMailProvider = (url: string, body?: { type: string; payload: string | Buffer }) =>
  h.app.inject({
    method: 'POST',
    url,
    remoteAddress: '192.0.2.10',
    ...(body ? { headers: { 'content-type': body.type }, payload: body.payload } : {}),
  });

describe('a mail that can be turned off', () => {
  it('carries RFC 8058 one-click unsubscribe; mail about account security does not', async () => {
    const { client, mail } = await clientMailedABid();
    linkOf(mail);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const since = h.mailbox.mails.length;
    await client.agent.put('/api/users/password', {
      currentPassword: client.password,
      newPassword: 'Nove-Heslo-2026-pevne',
    });
    const essential = await h.mailbox.waitFor(client.email, since);
    expect(essential.subject).toContain('heslo');
    expect(essential.headers['list-unsubscribe']).toBeUndefined();
    expect(essential.headers['list-unsubscribe-post']).toBeUndefined();
  });
});

describe('the unsubscribe link', () => {
  it('opens a page in the person’s language that says what goes, and changes nothing', async () => {
    const { client, mail } = await clientMailedABid('en');
    const link = linkOf(mail);
    // Opened twice, as a mail scanner and then the person would: still on.
    for (let i = 0; i < 2; i++) {
      const page = await h.agent().get(link);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain(en.question.replace('{{kind}}', en.kinds.bid_received));
      expect(page.body).toContain(`<form method="post" action="${link}">`);
      expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
      expect(page.body).toContain(en.button);
      expect(page.body).not.toMatch(/<script|<style|\sstyle=/i);
    }
    expect(await preferenceOf(client, 'bid_received')).toEqual({ email: true, push: true });
  });

  it('turns that type’s mail off with a urlencoded POST, as the page’s button sends it', async () => {
    const { client, request, mail } = await clientMailedABid();
    const done = await postFromMailProvider(linkOf(mail), {
      type: 'application/x-www-form-urlencoded',
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.body).toContain(sk.doneTitle);
    expect(done.body).toContain(sk.done.replace('{{kind}}', sk.kinds.bid_received));
    expect(await preferenceOf(client, 'bid_received')).toEqual({ email: false, push: true });
    // The old single switch follows: not every bid mail is on any more.
    expect((await client.agent.get('/api/users/profile')).json().user.bid_emails).toBe(false);

    // The next bid reaches the inbox, not the mailbox; the other kinds of mail still go.
    await bid(await person(h, 'provider'), request.id);
    expect((await queuedMails(h, client.email)).map((queued) => queued.kind)).toEqual(['newBid']);
    expect((await client.agent.get('/api/notifications')).json().unread_count).toBe(2);
    expect(await preferenceOf(client, 'bid_changed')).toEqual({ email: true, push: true });

    // Posted again (a provider retrying): the same answer, nothing more changes.
    expect((await postFromMailProvider(linkOf(mail))).statusCode).toBe(200);
  });

  it('turns it off with a multipart body, and with none', async () => {
    const multipart = await clientMailedABid();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const encoded = new Request('http://local', { method: 'POST', body: form });
    const byForm = await postFromMailProvider(linkOf(multipart.mail), {
      type: encoded.headers.get('content-type')!,
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(byForm.statusCode).toBe(200);
    expect(await preferenceOf(multipart.client, 'bid_received')).toEqual({
      email: false,
      push: true,
    });

    const empty = await clientMailedABid();
    expect((await postFromMailProvider(linkOf(empty.mail))).statusCode).toBe(200);
    expect(await preferenceOf(empty.client, 'bid_received')).toEqual({ email: false, push: true });
  });

  it('refuses a forged, altered or missing token with 400 and changes nothing', async () => {
    const { client, mail } = await clientMailedABid();
    const token = new URL(`http://x${linkOf(mail)}`).searchParams.get('token')!;
    const [body, signature] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as object;
    const forger = createSigner('not-the-server-secret');
    const altered = Buffer.from(JSON.stringify({ ...payload, t: 'bid_changed' })).toString(
      'base64url',
    );
    const bad = [
      forger.sign('unsubscribe', payload as Record<string, unknown>, 3600),
      `${altered}.${signature}`,
      `${body}.`,
      'abc',
    ];
    for (const candidate of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const refused = await h.app.inject({
          method,
          url: `${PATH}?token=${encodeURIComponent(candidate)}`,
          remoteAddress: '192.0.2.11',
        });
        expect(refused.statusCode, `${method} ${candidate}`).toBe(400);
        expect(refused.json().error).toBe('invalid_token');
      }
    }
    const missing = await postFromMailProvider(PATH);
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_token']);
    for (const type of ['bid_received', 'bid_changed']) {
      expect(await preferenceOf(client, type)).toEqual({ email: true, push: true });
    }
  });

  it('names one person: it turns off nobody else’s mail', async () => {
    const first = await clientMailedABid();
    const second = await clientMailedABid();
    await postFromMailProvider(linkOf(first.mail));
    expect(await preferenceOf(first.client, 'bid_received')).toEqual({ email: false, push: true });
    expect(await preferenceOf(second.client, 'bid_received')).toEqual({ email: true, push: true });
  });
});
