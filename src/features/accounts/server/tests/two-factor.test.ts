import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import type { Agent } from '../../../../../tests/support/agent';
import {
  alerts,
  auditEntries,
  sessions,
  twoFactor,
  twoFactorRecoveryCodes,
  users,
} from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const STEP_MS = 30_000;

/** The code an authenticator app shows `steps` periods from now, for the key the page showed. */
const codeFor = (manualKey: string, steps = 0) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(manualKey.replace(/\s/g, '')),
  }).generate({ timestamp: Date.now() + steps * STEP_MS });

/**
 * Waits out the last seconds of a 30-second step, so that a test's codes one step back, now and
 * one step ahead all stay inside the server's window while the test runs.
 */
async function awayFromStepEdge() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** An account that turned two-factor sign-in on through the profile's calls. */
async function enrolled(role: 'client' | 'administrator' = 'administrator') {
  await awayFromStepEdge();
  const account = await h.signedIn(role);
  const started = await account.agent.post('/api/users/two-factor/enrolment', {
    password: account.password,
  });
  expect(started.statusCode).toBe(200);
  const { manual_key: manualKey, qr_svg: qrSvg } = started.json();
  const confirmed = await account.agent.post('/api/users/two-factor/enrolment/confirm', {
    code: codeFor(manualKey, -1),
  });
  expect(confirmed.statusCode).toBe(200);
  const recoveryCodes: string[] = confirmed.json().recovery_codes;
  return { ...account, manualKey, qrSvg, recoveryCodes };
}

/** The password step of a sign-in, from a browser of its own. */
async function passwordStep(email: string, password: string, agent: Agent = h.agent()) {
  const response = await agent.post('/api/auth/login', { email, password });
  return { agent, response };
}

const auditActions = async (userId: string) =>
  (
    await h.database.db
      .select({ action: auditEntries.action, outcome: auditEntries.outcome })
      .from(auditEntries)
      .where(eq(auditEntries.targetUserId, userId))
  ).map((entry) => `${entry.action}:${entry.outcome}`);

describe('enrolment', () => {
  it('shows a QR code and key once, turns on with a current code, and hands out ten recovery codes', async () => {
    const { agent, id, password, qrSvg, manualKey, recoveryCodes } = await enrolled();
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(manualKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);

    expect((await agent.get('/api/users/two-factor')).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    // The secret is stored sealed, and neither it nor a recovery code is kept readable.
    const [row] = await h.database.db.select().from(twoFactor).where(eq(twoFactor.userId, id));
    expect(row!.secretEncrypted).not.toContain(manualKey.replace(/\s/g, ''));
    const stored = JSON.stringify(
      await h.database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, id)),
    );
    expect(JSON.parse(stored)).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
    // Once on, the secret is never shown again.
    const again = await agent.post('/api/users/two-factor/enrolment', { password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('two_factor_already_enabled');
    expect(await auditActions(id)).toContain('auth.2fa.enable:success');
  });

  it('stays off when the first code is wrong', async () => {
    const { agent, email, password } = await h.signedIn('client');
    await agent.post('/api/users/two-factor/enrolment', { password });
    const wrong = await agent.post('/api/users/two-factor/enrolment/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('two_factor_code_invalid');
    expect((await agent.get('/api/users/two-factor')).json().enabled).toBe(false);
    const { response } = await passwordStep(email, password);
    expect(response.json()).toMatchObject({ user: { email } });
  });

  it('starts only for the current password, so an open session cannot enrol another phone', async () => {
    const { agent, id } = await h.signedIn('client');
    for (const body of [{}, { password: 'Not-The-Password-1' }]) {
      const refused = await agent.post('/api/users/two-factor/enrolment', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('current_password_incorrect');
    }
    expect(await auditActions(id)).toContain('auth.2fa.enable:failure');
  });

  it('refuses the enrolment calls to a visitor who is not signed in', async () => {
    const visitor = h.agent();
    expect((await visitor.post('/api/users/two-factor/enrolment', {})).statusCode).toBe(401);
    expect((await visitor.get('/api/users/two-factor')).statusCode).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('opens no session for the password alone, and one for the password and a current code', async () => {
    const { email, password, manualKey, id } = await enrolled();
    const sessionsBefore = await h.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id));
    const { agent, response } = await passwordStep(email, password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ second_factor_required: true });
    expect(agent.cookies.has('sid')).toBe(false);
    // The browser is not yet known as the person's: no place in the returning browsers' lane.
    expect(agent.cookies.has('sign_in_device')).toBe(false);
    const challenge = response.cookies.find((cookie) => cookie.name === 'second_factor');
    expect(challenge).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/second-factor',
    });
    expect((await agent.get('/api/auth/session')).statusCode).toBe(401);
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(
      sessionsBefore.length,
    );

    const done = await agent.post('/api/auth/second-factor', { code: codeFor(manualKey) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user_type: 'administrator', user: { email } });
    expect(agent.cookies.has('sid')).toBe(true);
    expect(agent.cookies.has('second_factor')).toBe(false);
    expect(agent.cookies.has('sign_in_device')).toBe(true);
    expect((await agent.get('/api/auth/session')).json().user.email).toBe(email);
  });

  it('refuses a wrong code and a code already used, and lets the challenge open one session only', async () => {
    const { email, password, manualKey } = await enrolled();
    const { agent } = await passwordStep(email, password);
    const wrong = await agent.post('/api/auth/second-factor', { code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('second_factor_invalid');
    const challenge = agent.cookies.get('second_factor')!;

    const code = codeFor(manualKey);
    expect((await agent.post('/api/auth/second-factor', { code })).statusCode).toBe(200);

    // The same code on a fresh password step: replayed inside its window, refused.
    const second = await passwordStep(email, password);
    const replay = await second.agent.post('/api/auth/second-factor', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('second_factor_invalid');
    // An earlier step's code, still inside the window by the clock, is older than the last used.
    const older = await second.agent.post('/api/auth/second-factor', {
      code: codeFor(manualKey, -1),
    });
    expect(older.json().error).toBe('second_factor_invalid');

    // The challenge that already opened a session opens no other, even with a new code.
    const reused = h.agent();
    reused.cookies.set('second_factor', challenge);
    const again = await reused.post('/api/auth/second-factor', { code: codeFor(manualKey, 1) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('second_factor_expired');
    expect(reused.cookies.has('sid')).toBe(false);
  });

  it('refuses the second step without the password step, or with a forged challenge', async () => {
    const { manualKey } = await enrolled();
    const nobody = await h.agent().post('/api/auth/second-factor', { code: codeFor(manualKey) });
    expect(nobody.json().error).toBe('second_factor_expired');
    const forged = h.agent();
    forged.cookies.set('second_factor', 'eyJ1c2VyX2lkIjoiMSJ9.bm90LWEtc2lnbmF0dXJl');
    const answer = await forged.post('/api/auth/second-factor', { code: codeFor(manualKey) });
    expect(answer.json().error).toBe('second_factor_expired');
  });

  it('accepts each recovery code once, and counts what is left', async () => {
    const { agent: owner, email, password, recoveryCodes, id } = await enrolled('client');
    const first = await passwordStep(email, password);
    const used = await first.agent.post('/api/auth/second-factor', {
      code: recoveryCodes[3]!.toUpperCase().replace(/-/g, ' '),
    });
    expect(used.statusCode).toBe(200);
    expect((await owner.get('/api/users/two-factor')).json().recovery_codes_left).toBe(9);

    const second = await passwordStep(email, password);
    const again = await second.agent.post('/api/auth/second-factor', { code: recoveryCodes[3] });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('second_factor_invalid');
    expect(await auditActions(id)).toContain('auth.2fa.recovery_code_used:success');
  });

  it('counts wrong codes against the sign-in lockout, with an alert', async () => {
    const { email, password, manualKey, id } = await enrolled();
    // Four wrong passwords, each from its own address so that the rate limit stays out of it.
    for (let i = 0; i < 4; i++) {
      expect((await passwordStep(email, 'Wrong-Password-1')).response.statusCode).toBe(401);
    }
    // The right password does not wipe the count while a code is still owed ...
    const { agent, response } = await passwordStep(email, password);
    expect(response.json()).toEqual({ second_factor_required: true });
    // ... so one wrong code is the fifth failure and locks the account.
    const locked = await agent.post('/api/auth/second-factor', { code: '000000' });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toBe('account_locked');
    const later = await passwordStep(email, password);
    expect(later.response.json().error).toBe('account_locked');
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.lockUntil!.getTime()).toBeGreaterThan(Date.now());
    const lockoutAlerts = await h.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.type, 'lockout'));
    expect(lockoutAlerts.some((alert) => /second-factor/.test(alert.message))).toBe(true);

    // The right code is refused while locked, too.
    await h.database.db
      .update(users)
      .set({ lockUntil: null, failedLoginAttempts: 0 })
      .where(eq(users.id, id));
    const fresh = await passwordStep(email, password);
    await h.database.db
      .update(users)
      .set({ lockUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, id));
    const refused = await fresh.agent.post('/api/auth/second-factor', {
      code: codeFor(manualKey),
    });
    expect(refused.json().error).toBe('account_locked');
  });

  it('takes the right code after wrong ones: the codes count for the sign-in step, not the sign-in points', async () => {
    const { email, password, manualKey } = await enrolled();
    const { agent } = await passwordStep(email, password);
    // The password step and four wrong codes would have spent five attempts of the address.
    for (let i = 0; i < 4; i++) {
      const wrong = await agent.post('/api/auth/second-factor', { code: `00000${i}` });
      expect(wrong.json().error).toBe('second_factor_invalid');
    }
    const right = await agent.post('/api/auth/second-factor', { code: codeFor(manualKey) });
    expect(right.statusCode).toBe(200);
    expect(agent.cookies.has('sid')).toBe(true);
  });

  it('turns on after a mistyped password and a wrong code, and the next sign-in takes its code', async () => {
    await awayFromStepEdge();
    const { email, password } = await h.signedIn('client');
    const { agent } = await passwordStep(email, password);
    const mistyped = await agent.post('/api/users/two-factor/enrolment', { password: 'Wrong1x' });
    expect(mistyped.statusCode).toBeGreaterThanOrEqual(400);
    expect(mistyped.json().error).not.toBe('rate_limited');
    const started = await agent.post('/api/users/two-factor/enrolment', { password });
    const manualKey: string = started.json().manual_key;
    const wrong = await agent.post('/api/users/two-factor/enrolment/confirm', { code: '000000' });
    expect(wrong.json().error).toBe('two_factor_code_invalid');
    const confirmed = await agent.post('/api/users/two-factor/enrolment/confirm', {
      code: codeFor(manualKey, -1),
    });
    expect(confirmed.statusCode).toBe(200);

    const next = await passwordStep(email, password, h.agent(agent.address));
    expect(next.response.json()).toEqual({ second_factor_required: true });
    const done = await next.agent.post('/api/auth/second-factor', { code: codeFor(manualKey) });
    expect(done.statusCode).toBe(200);
  });

  it('asks a self-disabled account for its code after it is enabled again', async () => {
    const { agent: owner, email, password, manualKey } = await enrolled('client');
    await owner.patch('/api/users/disable');
    const { agent, response } = await passwordStep(email, password);
    expect(response.json().error).toBe('account_disabled_by_self');
    const enabled = await agent.post('/api/users/enable');
    expect(enabled.json()).toEqual({ second_factor_required: true });
    expect(agent.cookies.has('sid')).toBe(false);
    const done = await agent.post('/api/auth/second-factor', { code: codeFor(manualKey) });
    expect(done.statusCode).toBe(200);
  });
});

describe('managing the authenticator', () => {
  it('replaces the recovery codes for a current code, and refuses a wrong one', async () => {
    const { agent, email, password, manualKey, recoveryCodes, id } = await enrolled();
    const wrong = await agent.post('/api/users/two-factor/recovery-codes', { code: '999999' });
    expect(wrong.json().error).toBe('two_factor_code_invalid');
    const renewed = await agent.post('/api/users/two-factor/recovery-codes', {
      code: codeFor(manualKey),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const old = await passwordStep(email, password);
    expect(
      (await old.agent.post('/api/auth/second-factor', { code: recoveryCodes[0] })).json().error,
    ).toBe('second_factor_invalid');
    expect((await old.agent.post('/api/auth/second-factor', { code: fresh[0] })).statusCode).toBe(
      200,
    );
    expect(await auditActions(id)).toContain('auth.2fa.recovery_codes:success');
  });

  it('turns off with the password, after which the password alone signs in', async () => {
    const { agent, email, password, id } = await enrolled();
    const wrong = await agent.post('/api/users/two-factor/disable', { password: 'Not-It-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('two_factor_code_invalid');
    const off = await agent.post('/api/users/two-factor/disable', { password });
    expect(off.statusCode).toBe(200);
    expect((await agent.get('/api/users/two-factor')).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const { response } = await passwordStep(email, password);
    expect(response.json()).toMatchObject({ user: { email } });
    expect(await auditActions(id)).toEqual(
      expect.arrayContaining(['auth.2fa.disable:failure', 'auth.2fa.disable:success']),
    );
  });

  it('turns off with a current code', async () => {
    const { agent, manualKey } = await enrolled('client');
    const off = await agent.post('/api/users/two-factor/disable', { code: codeFor(manualKey) });
    expect(off.statusCode).toBe(200);
    expect((await agent.get('/api/users/two-factor')).json().enabled).toBe(false);
    const again = await agent.post('/api/users/two-factor/disable', { code: codeFor(manualKey) });
    expect(again.json().error).toBe('two_factor_not_enabled');
  });
});
