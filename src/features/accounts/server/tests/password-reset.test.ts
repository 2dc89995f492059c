import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { auditEntries, passwordResetTokens, users } from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const ANSWER = 'If the email exists in our system, a password reset link has been sent.';

async function requestLink(email: string) {
  const since = h.mailbox.mails.length;
  const response = await h.agent().post('/api/password-reset/request-reset', { email });
  expect(response.json().message).toBe(ANSWER);
  const mail = await h.mailbox.waitFor(email, since);
  return new URL(mail.links[0]!).searchParams.get('token')!;
}

describe('password reset', () => {
  it('answers the same sentence for unknown addresses and sends nothing', async () => {
    const since = h.mailbox.mails.length;
    const response = await h
      .agent()
      .post('/api/password-reset/request-reset', { email: 'ghost@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ANSWER });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.mailbox.mails.length).toBe(since);
  });

  it('resets through the mailed link: greeting, new password, no sign-in, other sessions ended, a notice mail', async () => {
    const { agent, email, id } = await h.signedIn('client', { name: 'Eva Zabudnutá' });
    const token = await requestLink(email);
    const check = await h.agent().get(`/api/password-reset/verify-token/${token}`);
    expect(check.json()).toEqual({ email, name: 'Eva Zabudnutá' });

    const since = h.mailbox.mails.length;
    const reset = await h
      .agent()
      .post('/api/password-reset/reset-password', { token, new_password: 'NoveHeslo42' });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
    expect((await agent.get('/api/auth/session')).statusCode).toBe(401);

    expect(
      (await h.agent().post('/api/auth/login', { email, password: 'Remeslo2025x' })).statusCode,
    ).toBe(401);
    expect(
      (await h.agent().post('/api/auth/login', { email, password: 'NoveHeslo42' })).statusCode,
    ).toBe(200);
    expect((await h.mailbox.waitFor(email, since)).subject).toBe(
      'Vaše heslo v Majstri bolo zmenené',
    );

    const reused = await h
      .agent()
      .post('/api/password-reset/reset-password', { token, new_password: 'InakeHeslo43' });
    expect(reused.json()).toMatchObject({
      error: 'invalid_token',
      message: 'Invalid or expired reset token',
    });
    const actions = (
      await h.database.db.select().from(auditEntries).where(eq(auditEntries.targetUserId, id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['password.reset.request', 'password.reset.complete']),
    );
  });

  it('works while the account is locked, and lifts the lock', async () => {
    const { email, id } = await h.signedIn('provider');
    await h.database.db
      .update(users)
      .set({ failedLoginAttempts: 5, lockUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(users.id, id));
    const token = await requestLink(email);
    await h
      .agent()
      .post('/api/password-reset/reset-password', { token, new_password: 'Odomknute77' });
    expect(
      (await h.agent().post('/api/auth/login', { email, password: 'Odomknute77' })).statusCode,
    ).toBe(200);
  });

  it('refuses expired, unknown and weak', async () => {
    const { email } = await h.signedIn('client');
    const token = await requestLink(email);
    const weak = await h
      .agent()
      .post('/api/password-reset/reset-password', { token, new_password: 'short' });
    expect(weak.json().error).toBe('validation_failed');
    const common = await h
      .agent()
      .post('/api/password-reset/reset-password', { token, new_password: 'Password1' });
    expect(common.json().error).toBe('password_common');

    await h.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await h.agent().get(`/api/password-reset/verify-token/${token}`)).json().error).toBe(
      'invalid_token',
    );
    const expired = await h
      .agent()
      .post('/api/password-reset/reset-password', { token, new_password: 'NoveHeslo42' });
    expect(expired.statusCode).toBe(400);
    expect((await h.agent().get('/api/password-reset/verify-token/not-a-token')).statusCode).toBe(
      400,
    );
  });

  it('only the newest link works', async () => {
    const { email } = await h.signedIn('client');
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect((await h.agent().get(`/api/password-reset/verify-token/${first}`)).statusCode).toBe(400);
    expect((await h.agent().get(`/api/password-reset/verify-token/${second}`)).statusCode).toBe(
      200,
    );
  });
  it('answers a known and an unknown address in the same time', async () => {
    const { email } = await h.signedIn('client');
    const ghost = `ghost-${process.pid}@example.test`;
    const auditOf = async (httpRequestId: string) =>
      (
        await h.database.db
          .select()
          .from(auditEntries)
          .where(eq(auditEntries.httpRequestId, httpRequestId))
      ).length;
    const timed = async (address: string) => {
      const agent = h.agent(); // each from its own address: the limit is 3 an hour
      await agent.get('/api/auth/session'); // the CSRF cookie, outside the measurement
      const since = h.mailbox.mails.length;
      const started = process.hrtime.bigint();
      const response = await agent.post('/api/password-reset/request-reset', { email: address });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.json()).toEqual({ message: ANSWER });
      // Let the work after the answer finish, so that it slows neither kind of sample.
      const requestId = response.headers['x-request-id'] as string;
      for (let tries = 0; (await auditOf(requestId)) === 0 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (address === email) await h.mailbox.waitFor(email, since);
      return ms;
    };
    // Pairs, interleaved and alternating which goes first, so a busy moment falls on both alike.
    const pairs: { known: number; unknown: number }[] = [];
    for (let i = 0; i < 36; i++) {
      if (i % 2 === 0) {
        const known = await timed(email);
        pairs.push({ known, unknown: await timed(ghost) });
      } else {
        const unknown = await timed(ghost);
        pairs.push({ unknown, known: await timed(email) });
      }
    }
    // A sign test: if the answer waited on anything about the address, one kind would be the
    // slower of nearly every pair. Without that, which is slower is a coin toss whatever the
    // machine's load: 36 tosses fall outside 8–28 once in about 3 200 runs, and the noise of a
    // busy machine (which scales both kinds' times) cannot tip it.
    const knownSlower = pairs.filter((pair) => pair.known > pair.unknown).length;
    const median = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
    };
    const told = `known slower in ${knownSlower} of 36 pairs; median known ${median(pairs.map((p) => p.known)).toFixed(2)} ms, unknown ${median(pairs.map((p) => p.unknown)).toFixed(2)} ms`;
    expect(knownSlower, told).toBeGreaterThanOrEqual(8);
    expect(knownSlower, told).toBeLessThanOrEqual(28);
  });
});
