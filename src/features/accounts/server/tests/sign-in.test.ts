import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createAccount, TEST_PASSWORD } from '../../../../../tests/factories';
import {
  alerts,
  auditEntries,
  sessions,
  signInFailures,
  users,
} from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

describe('sign-in and session', () => {
  it('signs in with HttpOnly session, marker and CSRF cookies, and answers the session', async () => {
    const { agent, email } = await h.signedIn('client', { name: 'Sofia Prihlásená' });
    const response = await agent.get('/api/auth/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user_type: 'client',
      user: { email, name: 'Sofia Prihlásená', role: 'client' },
    });
    expect(JSON.stringify(response.json())).not.toMatch(/password_hash|scrypt|failed_login/);

    const login = await h.agent().post('/api/auth/login', { email, password: 'Remeslo2025x' });
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.sid!.secure).toBeFalsy();
    expect(cookies.has_session).toMatchObject({ value: '1', sameSite: 'Lax' });
    expect(cookies.has_session!.httpOnly).toBeFalsy();
    const [stored] = await h.database.db.select().from(sessions).limit(1);
    expect(stored!.id).not.toBe(cookies.sid!.value);
    expect(stored!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("says which sign-in is the account's first, and only that one", async () => {
    const { email } = await createAccount(h.database.db, 'provider');
    const signIn = () => h.agent().post('/api/auth/login', { email, password: TEST_PASSWORD });
    const first = await signIn();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user_type: 'provider', first_sign_in: true });
    const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.lastSignedInAt).toBeInstanceOf(Date);
    expect((await signIn()).json().first_sign_in).toBe(false);
  });

  it('answers a wrong email and a wrong password the same way', async () => {
    const { email } = await h.signedIn('client');
    const wrongPassword = await h
      .agent()
      .post('/api/auth/login', { email, password: 'NotIt12345' });
    const wrongEmail = await h
      .agent()
      .post('/api/auth/login', { email: 'nobody-here@example.test', password: 'NotIt12345' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });
    expect(strip(wrongPassword.json())).toEqual(strip(wrongEmail.json()));
    expect(wrongPassword.json()).toMatchObject({
      error: 'invalid_credentials',
      message: 'Invalid credentials',
    });
  });

  it('rotates the session at sign-in and revokes it at logout', async () => {
    const { agent, email, password } = await h.signedIn('provider');
    const before = agent.cookies.get('sid');
    await agent.post('/api/auth/login', { email, password });
    const after = agent.cookies.get('sid');
    expect(after).not.toBe(before);
    const stale = h.agent();
    stale.cookies.set('sid', before!);
    expect((await stale.get('/api/auth/session')).statusCode).toBe(401);

    const logout = await agent.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(agent.cookies.has('sid')).toBe(false);
    expect(agent.cookies.has('has_session')).toBe(false);
    const replay = h.agent();
    replay.cookies.set('sid', after!);
    expect((await replay.get('/api/auth/session')).statusCode).toBe(401);
    const [audit] = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'auth.logout'));
    expect(audit).toBeDefined();
  });

  it('refuses disabled and suspended accounts with the support message', async () => {
    for (const status of ['disabled', 'suspended'] as const) {
      const { email, password } = await h.signedIn('client');
      await h.database.db
        .update(users)
        .set({ accountStatus: status, disabledBy: 'administrator' })
        .where(eq(users.email, email));
      const response = await h.agent().post('/api/auth/login', { email, password });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: 'account_disabled',
        message: 'Account is disabled. Contact support.',
      });
      expect(response.cookies.find((cookie) => cookie.name === 'reenable')).toBeUndefined();
    }
  });

  it('applies the saved language at sign-in on another device', async () => {
    const { agent, email, password } = await h.signedIn('client');
    expect((await agent.put('/api/users/language', { preferred_language: 'uk' })).statusCode).toBe(
      200,
    );
    const elsewhere = h.agent();
    await elsewhere.post('/api/auth/login', { email, password });
    expect(elsewhere.cookies.get('lang')).toBe('uk');
    expect((await elsewhere.get('/api/auth/session')).json().user.preferred_language).toBe('uk');
  });

  it('marks cookies Secure when served over HTTPS', async () => {
    const secure = await accountsHarness({ publicUrl: 'https://majstri.example' });
    try {
      const { email, password } = await secure.signedIn('client');
      const login = await secure.agent().post('/api/auth/login', { email, password });
      for (const cookie of login.cookies) expect(cookie.secure, cookie.name).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('lockout', () => {
  it('locks after 5 consecutive failures for 15 minutes, with an audit entry and a lockout alert', async () => {
    const { email, password, id } = await h.signedIn('client');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await h
        .agent()
        .post('/api/auth/login', { email, password: `Wrong${attempt}pass` });
      expect(response.json().error).toBe('invalid_credentials');
    }
    const fifth = await h.agent().post('/api/auth/login', { email, password: 'Wrong5pass' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({
      error: 'account_locked',
      message: 'Account temporarily locked due to failed login attempts.',
    });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.failedLoginAttempts).toBe(5);
    const minutes = (row!.lockUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    // Even the right password waits out the lock.
    expect((await h.agent().post('/api/auth/login', { email, password })).json().error).toBe(
      'account_locked',
    );
    const lockouts = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'auth.lockout'));
    expect(lockouts.map((entry) => entry.targetUserId)).toContain(id);
    const lockoutAlerts = await h.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.type, 'lockout'));
    expect(lockoutAlerts.length).toBeGreaterThan(0);

    // When the lock has run out, the right password works and the count starts again.
    await h.database.db
      .update(users)
      .set({ lockUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, id));
    expect((await h.agent().post('/api/auth/login', { email, password })).statusCode).toBe(200);
    const [after] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(after).toMatchObject({ failedLoginAttempts: 0, lockUntil: null });
  });

  it('a success in between resets the count', async () => {
    const { email, password, id } = await h.signedIn('client');
    for (let i = 0; i < 3; i++)
      await h.agent().post('/api/auth/login', { email, password: 'Wrong1pass' });
    await h.agent().post('/api/auth/login', { email, password });
    for (let i = 0; i < 3; i++)
      await h.agent().post('/api/auth/login', { email, password: 'Wrong1pass' });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ failedLoginAttempts: 3, lockUntil: null });
  });
});

describe('what refusals reveal', () => {
  it('answers an unknown address exactly as a known one, failure after failure', async () => {
    const { email } = await h.signedIn('client');
    const unknown = `nobody-${process.pid}@example.test`;
    // Each attempt from its own address, so that only the lockout, not the rate limit, speaks.
    const attempt = async (address: string, password: string) => {
      const response = await h.agent().post('/api/auth/login', { email: address, password });
      return {
        status: response.statusCode,
        body: { ...response.json(), request_id: undefined },
        cookies: response.cookies.map((cookie) => cookie.name).sort(),
      };
    };
    const sameFailures = async (address: string) => {
      const answers = [];
      for (let i = 1; i <= 6; i++) answers.push(await attempt(address, `Wrong${i}pass`));
      return answers;
    };
    const known = await sameFailures(email);
    expect(await sameFailures(unknown)).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(known[4]!.body).toMatchObject({ error: 'account_locked' });

    // When the locks run out, both start counting again.
    const past = new Date(Date.now() - 1000);
    await h.database.db.update(users).set({ lockUntil: past }).where(eq(users.email, email));
    await h.database.db.update(signInFailures).set({ lockUntil: past });
    expect(await attempt(unknown, 'Wrong7pass')).toEqual(await attempt(email, 'Wrong7pass'));
    expect((await attempt(unknown, 'Wrong8pass')).status).toBe(401);
  });

  it('keeps no address that has no account, only a keyed hash of it', async () => {
    await h
      .agent()
      .post('/api/auth/login', { email: 'kept-nowhere@example.test', password: 'X1x' });
    const rows = await h.database.db.select().from(signInFailures);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('kept-nowhere');
  });
});

describe('CSRF', () => {
  it('refuses a write without the token, with a csrf alert and an audit entry', async () => {
    const { email, password } = await h.signedIn('client');
    const agent = h.agent();
    await agent.get('/api/health');
    const response = await agent.post('/api/auth/login', { email, password }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('csrf_invalid');
    expect(agent.cookies.has('sid')).toBe(false);
    expect(
      (await h.database.db.select().from(alerts).where(eq(alerts.type, 'csrf'))).length,
    ).toBeGreaterThan(0);
    expect(
      (
        await h.database.db
          .select()
          .from(auditEntries)
          .where(eq(auditEntries.action, 'csrf.failure'))
      ).length,
    ).toBeGreaterThan(0);
  });

  it('refuses a token the server did not sign, even when cookie and header match', async () => {
    const agent = h.agent();
    agent.cookies.set('csrf_token', 'planted.by-someone-else');
    const response = await agent.post('/api/auth/logout');
    expect(response.statusCode).toBe(403);
  });
});
