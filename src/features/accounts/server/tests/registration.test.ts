import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_GROUPS } from '../../../../server/plugins/rate-limit';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { auditEntries, emailVerificationTokens, users } from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const person = (email: string, extra: object = {}) => ({
  name: '  Marek Nový  ',
  email,
  password: 'Murovanie7x',
  ...extra,
});

describe('the security question', () => {
  it('is two numbers 1–10 with +, - or ×, and a signed token', async () => {
    const body = (await h.agent().get('/api/challenge')).json();
    expect(body.question).toMatch(/^(10|[1-9]) [+\-×] (10|[1-9])$/);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(body)).not.toMatch(/answer|expected/);
  });

  it('is required, checked, and good for one answer only', async () => {
    const agent = h.agent();
    const missing = await agent.post('/api/auth/register/client', person('q1@example.test'));
    expect(missing.json()).toMatchObject({ error: 'challenge_required' });

    const challenge = await agent.solveChallenge();
    const wrong = await agent.post('/api/auth/register/client', {
      ...person('q2@example.test'),
      math_answer: challenge.math_answer + 1,
      challenge_token: challenge.challenge_token,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'challenge_failed',
      message: 'Incorrect answer to the security question.',
    });

    // The same token again, even with the right answer, is refused: it was used.
    const reused = await agent.post('/api/auth/register/client', {
      ...person('q3@example.test'),
      ...challenge,
    });
    expect(reused.json().error).toBe('challenge_expired');

    const forged = await agent.post('/api/auth/register/client', {
      ...person('q4@example.test'),
      math_answer: 2,
      challenge_token: 'eyJhIjoxLCJiIjoxLCJvcCI6IisiLCJleHAiOjk5OTk5OTk5OTl9.forged',
    });
    expect(forged.json().error).toBe('challenge_expired');
    const [count] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(count!.n).toBe(0);
  });
});

describe('registration', () => {
  it("creates an unverified client, mails the link in the person's language and does not sign in", async () => {
    const agent = h.agent();
    agent.cookies.set('lang', 'en');
    const since = h.mailbox.mails.length;
    const response = await agent.post('/api/auth/register/client', {
      ...person('Marek.Novy@Example.test'),
      ...(await agent.solveChallenge()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ requires_verification: true });
    expect(agent.cookies.has('sid')).toBe(false);

    const [row] = await h.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'Marek.Novy@Example.test'));
    expect(row).toMatchObject({
      name: 'Marek Nový',
      role: 'client',
      emailVerified: false,
      preferredLanguage: 'en',
    });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);

    const mail = await h.mailbox.waitFor('marek.novy@example.test', since);
    expect(mail.subject).toBe('Confirm your email for Majstri');
    expect(mail.links[0]).toMatch(
      /^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}&email=Marek.Novy%40Example.test$/,
    );
    const [token] = await h.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, row!.id));
    expect(mail.links[0]).not.toContain(token!.tokenHash);

    const [audit] = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'auth.register'));
    expect(audit).toMatchObject({ outcome: 'success', actorId: row!.id });
    expect(JSON.stringify(audit)).not.toContain('Marek');
  });

  it('refuses the same email in any letter case', async () => {
    const agent = h.agent();
    const response = await agent.post('/api/auth/register/provider', {
      ...person('MAREK.NOVY@example.TEST', { phone_number: '+421 900 111 222' }),
      ...(await agent.solveChallenge()),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('email_exists');
  });

  it.each([
    ['a short name', { name: ' J ' }, 'name', 'name_length'],
    ['a bad email', { email: 'jan novak@example' }, 'email', 'email_invalid'],
    ['a short password', { password: 'Ab1' }, 'password', 'password_length'],
    ['a password without a capital', { password: 'murovanie7x' }, 'password', 'password_uppercase'],
    [
      'a password without a lower-case letter',
      { password: 'MUROVANIE7X' },
      'password',
      'password_lowercase',
    ],
    ['a password without a digit', { password: 'Murovaniexx' }, 'password', 'password_digit'],
    ['a bad phone', { phone_number: '0900 123' }, 'phone_number', 'phone_invalid'],
  ])('refuses %s', async (_, change, field, message) => {
    const agent = h.agent();
    const response = await agent.post('/api/auth/register/client', {
      ...person('rules@example.test'),
      ...change,
      ...(await agent.solveChallenge()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('takes capitals and lower-case letters of any script', async () => {
    for (const [email, password] of [
      ['cucoriedka@example.test', 'Čučoriedka1'],
      ['kon@example.test', 'ŽltýKôň99'],
      ['zhovten@example.test', 'Жовтень2025'],
    ]) {
      const agent = h.agent();
      const response = await agent.post('/api/auth/register/client', {
        ...person(email!, { password }),
        ...(await agent.solveChallenge()),
      });
      expect(response.statusCode, password).toBe(201);
    }
  });

  it('refuses a common password even when it meets the rules', async () => {
    const agent = h.agent();
    const response = await agent.post('/api/auth/register/client', {
      ...person('common@example.test', { password: 'Password1' }),
      ...(await agent.solveChallenge()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('password_common');
  });

  it('requires a phone for providers only', async () => {
    const agent = h.agent();
    const provider = await agent.post('/api/auth/register/provider', {
      ...person('nophone-provider@example.test'),
      ...(await agent.solveChallenge()),
    });
    expect(provider.json().details).toContainEqual({ field: 'phone_number', message: 'required' });
    const client = await agent.post('/api/auth/register/client', {
      ...person('nophone-client@example.test', { phone_number: '' }),
      ...(await agent.solveChallenge()),
    });
    expect(client.statusCode).toBe(201);
  });

  it('keeps the account while the verification mail cannot be sent, and mails it once SMTP works', async () => {
    const since = h.mailbox.mails.length;
    h.mailbox.refuseAll(true);
    try {
      const agent = h.agent();
      const response = await agent.post('/api/auth/register/client', {
        ...person('mailfail@example.test'),
        ...(await agent.solveChallenge()),
      });
      expect(response.statusCode).toBe(201);
      expect(
        await h.database.db.select().from(users).where(eq(users.email, 'mailfail@example.test')),
      ).toHaveLength(1);
    } finally {
      h.mailbox.refuseAll(false);
    }
    // The queue tries again: the link arrives once mail works again.
    const mail = await h.mailbox.waitFor('mailfail@example.test', since, 30_000);
    expect(mail.links[0]).toContain('/verify-email?token=');
  });
});

describe('email verification', () => {
  async function registerAndCatch(email: string) {
    const agent = h.agent();
    const since = h.mailbox.mails.length;
    await agent.post('/api/auth/register/client', {
      ...person(email),
      ...(await agent.solveChallenge()),
    });
    const mail = await h.mailbox.waitFor(email, since);
    return { agent, link: new URL(mail.links[0]!) };
  }

  it('verifies through the mailed link once, then sign-in works', async () => {
    const { agent, link } = await registerAndCatch('verify-me@example.test');
    const blocked = await agent.post('/api/auth/login', {
      email: 'verify-me@example.test',
      password: 'Murovanie7x',
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('email_verification_required');

    const verified = await agent.get(`/api/auth/verify-email${link.search}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().already_verified).toBe(false);

    const login = await agent.post('/api/auth/login', {
      email: 'verify-me@example.test',
      password: 'Murovanie7x',
    });
    expect(login.statusCode).toBe(200);
  });

  it('leads the verification link back to the page the person was going to, only on this site', async () => {
    const page = '/request/7b0f6a52-3c1e-4f7e-9a55-0d6c1c2f4e11';
    for (const [email, next, kept] of [
      ['going-somewhere@example.test', page, page],
      ['going-elsewhere@example.test', '//evil.com', null],
      ['going-encoded@example.test', '/%2F%2Fevil.com', null],
    ] as const) {
      const agent = h.agent();
      const since = h.mailbox.mails.length;
      const response = await agent.post('/api/auth/register/client', {
        ...person(email),
        next,
        ...(await agent.solveChallenge()),
      });
      expect(response.statusCode).toBe(201);
      const link = new URL((await h.mailbox.waitFor(email, since)).links[0]!);
      expect(link.pathname).toBe('/verify-email');
      expect(link.searchParams.get('next')).toBe(kept);
      // The extra parameter does not get in the way of verifying.
      const verified = await agent.get(`/api/auth/verify-email${link.search}`);
      expect(verified.json().already_verified).toBe(false);
    }
  });

  it('says the account is already verified when its link is opened again, even once expired', async () => {
    const { agent, link } = await registerAndCatch('twice@example.test');
    expect((await agent.get(`/api/auth/verify-email${link.search}`)).statusCode).toBe(200);
    const again = await h.agent().get(`/api/auth/verify-email${link.search}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'This email address is already verified. You can log in.',
      already_verified: true,
    });
    await h.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await h.agent().get(`/api/auth/verify-email${link.search}`);
    expect(late.json().already_verified).toBe(true);
  });

  it('tells nothing about a verified account to a link not made for it', async () => {
    const { agent, link } = await registerAndCatch('verified-owner@example.test');
    await agent.get(`/api/auth/verify-email${link.search}`);
    const other = await registerAndCatch('someone-else@example.test');
    await other.agent.get(`/api/auth/verify-email${other.link.search}`);
    const token = other.link.searchParams.get('token')!;
    for (const search of [
      `?token=${token}&email=verified-owner%40example.test`,
      `?token=${'x'.repeat(43)}&email=verified-owner%40example.test`,
    ]) {
      const response = await h.agent().get(`/api/auth/verify-email${search}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_token');
    }
  });

  it('says a token has expired after 24 hours', async () => {
    const { agent, link } = await registerAndCatch('expired@example.test');
    await h.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await agent.get(`/api/auth/verify-email${link.search}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'token_expired',
      message: 'Verification token has expired',
    });
  });

  it("refuses a token used with another account's email", async () => {
    const { agent, link } = await registerAndCatch('owner@example.test');
    const response = await agent.get(
      `/api/auth/verify-email?token=${link.searchParams.get('token')}&email=verify-me%40example.test`,
    );
    expect(response.json().error).toBe('invalid_token');
  });

  it('answers a resend the same whether or not the account exists', async () => {
    const known = await h
      .agent()
      .post('/api/auth/resend-verification', { email: 'owner@example.test' });
    const unknown = await h
      .agent()
      .post('/api/auth/resend-verification', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });
});

describe('the registration limit', () => {
  it('counts every attempt from an address, refused or not', async () => {
    const agent = h.agent();
    const register = async (email: string, answerRight = true) => {
      const challenge = await agent.solveChallenge();
      return agent.post('/api/auth/register/client', {
        ...person(email),
        ...challenge,
        math_answer: answerRight ? challenge.math_answer : challenge.math_answer + 1,
      });
    };
    expect((await register('counted@example.test')).statusCode).toBe(201);
    expect((await register('counted@example.test')).json().error).toBe('email_exists');
    expect((await register('COUNTED@example.test')).json().error).toBe('email_exists');
    expect((await register('counted-2@example.test', false)).json().error).toBe('challenge_failed');
    expect((await agent.post('/api/auth/register/provider', {})).statusCode).toBe(400);
    for (let i = 5; i < RATE_LIMIT_GROUPS.registration.points; i++)
      expect((await register(`counted-more-${i}@example.test`)).statusCode).toBe(201);
    const over = await register('counted-3@example.test');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('rate_limited');
    // Signing in from the same address still works: registering spends no sign-in points.
    expect(
      (await agent.post('/api/auth/login', { email: 'nobody@example.test', password: 'X1xx' }))
        .statusCode,
    ).toBe(401);
  });
});
