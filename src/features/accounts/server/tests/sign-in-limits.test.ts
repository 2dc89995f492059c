import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import {
  FAILED_SIGN_IN_EXTRA_POINTS,
  RATE_LIMIT_GROUPS,
} from '../../../../server/plugins/rate-limit';

// docs/security.md "Sign-in limits per person": the spec's sign-in group counts one person's
// attempts (an address and an account together); the address alone has a far higher ceiling.
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const registration = (email: string) => ({ name: 'Eva Susedová', email, password: 'Murovanie7x' });

describe('rate limits', () => {
  it('blocks a person after their sign-in points are spent; a failed sign-in costs 3', async () => {
    const { email } = await h.signedIn('client');
    const agent = h.agent();
    expect(
      (await agent.post('/api/auth/login', { email, password: 'Wrong1pass' })).statusCode,
    ).toBe(401); // 3 points
    expect(
      (await agent.post('/api/auth/login', { email, password: 'Wrong2pass' })).statusCode,
    ).toBe(401); // 6 points
    const blocked = await agent.post('/api/auth/login', { email, password: 'Remeslo2025x' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      error: 'rate_limited',
      message: 'Too many requests. Try again in 30 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(29 * 60);
    // Another address is not affected.
    expect(
      (await h.agent().post('/api/auth/login', { email, password: 'Remeslo2025x' })).statusCode,
    ).toBe(200);
  });

  it('lets five successful sign-ins through and stops the sixth', async () => {
    const { email, password } = await h.signedIn('client');
    const agent = h.agent();
    for (let i = 0; i < 5; i++)
      expect((await agent.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect((await agent.post('/api/auth/login', { email, password })).statusCode).toBe(429);
  });

  it('lets a second browser behind the same address sign in at once after the first spent its attempts', async () => {
    const first = await h.signedIn('client');
    const second = await h.signedIn('provider');
    const household = h.agent();
    const typo = household.address;
    for (const wrong of ['Wrong1pass', 'Wrong2pass'])
      await household.post('/api/auth/login', { email: first.email, password: wrong });
    expect(
      (await household.post('/api/auth/login', { email: first.email, password: first.password }))
        .statusCode,
    ).toBe(429);

    const other = h.agent(typo);
    const signedIn = await other.post('/api/auth/login', {
      email: second.email,
      password: second.password,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(other.cookies.has('sid')).toBe(true);
  });

  it('does not spend the sign-in points on registering or verifying', async () => {
    const agent = h.agent();
    for (let i = 0; i < 4; i++) {
      const challenge = await agent.solveChallenge();
      const registered = await agent.post('/api/auth/register/client', {
        ...registration(`household-${i}@example.test`),
        ...challenge,
      });
      expect(registered.statusCode).toBe(201);
    }
    const { email, password } = await h.signedIn('client');
    await agent.post('/api/auth/login', { email, password: 'Wrong1pass' });
    expect((await agent.post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('keeps a ceiling per address far above one person: twenty failures from one address, then 429', async () => {
    const agent = h.agent();
    const failures = RATE_LIMIT_GROUPS.auth.points / (1 + FAILED_SIGN_IN_EXTRA_POINTS);
    for (let i = 0; i < failures; i++) {
      const wrong = await agent.post('/api/auth/login', {
        email: `guess-${i}@example.test`,
        password: 'Wrong1pass',
      });
      expect(wrong.statusCode).toBe(401);
    }
    const { email, password } = await h.signedIn('client');
    const refused = await agent.post('/api/auth/login', { email, password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect((await h.agent().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });
});
