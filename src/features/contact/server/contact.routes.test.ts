import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../tests/support/accounts-app';
import { contactMessages } from '../../../server/db/schema';

let h: AccountsHarness;

const storedMessage = async (email: string) =>
  (await h.database.db.select().from(contactMessages).where(eq(contactMessages.email, email)))[0];
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const message = {
  name: 'Ivan Pýtajúci',
  email: 'ivan@example.test',
  subject: 'Otázka k registrácii',
  message: 'Dobrý deň, ako si zmením kategóriu služieb?',
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to support with a reply-to of the sender', async () => {
    const agent = h.agent();
    agent.cookies.set('lang', 'cs');
    const since = h.mailbox.mails.length;
    const response = await agent.post('/api/contact', {
      ...message,
      ...(await agent.solveChallenge()),
    });
    expect(response.statusCode).toBe(201);
    const mail = await h.mailbox.waitFor('podpora@majstri.test', since);
    expect(mail.subject).toBe('Správa z kontaktného formulára: Otázka k registrácii');
    expect(mail.text).toContain('Dobrý deň, ako si zmením kategóriu služieb?');
    expect(mail.replyTo).toContain('ivan@example.test');
    const [stored] = await h.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'ivan@example.test'));
    expect(stored).toMatchObject({ language: 'cs', subject: 'Otázka k registrácii' });
    // The queue marks the message delivered once SMTP has taken it.
    await expect
      .poll(async () => (await storedMessage('ivan@example.test'))?.deliveredAt)
      .not.toBeNull();
  });

  it.each([
    ['subject', { subject: 'Ahoj' }, 'subject_length'],
    ['message', { message: 'Krátke' }, 'message_length'],
    ['email', { email: 'nie-je-email' }, 'email_invalid'],
    ['name', { name: 'I' }, 'name_length'],
  ])('refuses a bad %s', async (field, change, code) => {
    const agent = h.agent();
    const response = await agent.post('/api/contact', {
      ...message,
      ...change,
      ...(await agent.solveChallenge()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message: code });
  });

  it('requires the security question', async () => {
    const response = await h.agent().post('/api/contact', message);
    expect(response.json().error).toBe('challenge_required');
  });

  it('takes two messages an hour from one address', async () => {
    const agent = h.agent();
    for (let i = 0; i < 2; i++) {
      expect(
        (await agent.post('/api/contact', { ...message, ...(await agent.solveChallenge()) }))
          .statusCode,
      ).toBe(201);
    }
    const third = await agent.post('/api/contact', {
      ...message,
      ...(await agent.solveChallenge()),
    });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('Too many requests. Try again in 60 minutes.');
  });

  it('writes to support in the support language, whatever the page language', async () => {
    const english = await accountsHarness({ supportLanguage: 'en' });
    try {
      const agent = english.agent();
      agent.cookies.set('lang', 'ru');
      const response = await agent.post('/api/contact', {
        ...message,
        ...(await agent.solveChallenge()),
      });
      expect(response.statusCode).toBe(201);
      const mail = await english.mailbox.waitFor('podpora@majstri.test', 0);
      expect(mail.subject).toBe('Contact form message: Otázka k registrácii');
    } finally {
      await english.close();
    }
  });

  it('keeps the message while mail fails, and mails it once SMTP takes mail again', async () => {
    h.mailbox.refuseAll(true);
    try {
      const agent = h.agent();
      const response = await agent.post('/api/contact', {
        ...message,
        email: 'failing@example.test',
        ...(await agent.solveChallenge()),
      });
      // Answered without waiting for SMTP: the mail waits in the queue.
      expect(response.statusCode).toBe(201);
      expect((await storedMessage('failing@example.test'))!.deliveredAt).toBeNull();
    } finally {
      h.mailbox.refuseAll(false);
    }
    // Mails of the earlier tests may still be on their way: look for this message's own.
    const fromFailing = () =>
      h.mailbox.mails.filter(
        (mail) =>
          mail.to.includes('podpora@majstri.test') &&
          mail.replyTo?.includes('failing@example.test'),
      ).length;
    await expect
      .poll(
        async () => {
          await h.mailRetriesDueNow();
          return fromFailing();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect
      .poll(async () => (await storedMessage('failing@example.test'))?.deliveredAt)
      .not.toBeNull();
  });
});
