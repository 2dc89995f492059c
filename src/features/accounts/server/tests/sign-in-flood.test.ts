import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { createHashQueue, type HashQueue } from '../hash-queue';
import { SIGN_IN_LIMITS } from '../../../../server/plugins/rate-limit';

const wrong = (email: string) => ({ email, password: 'NotIt12345' });

describe('the per-account sign-in limit', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await accountsHarness({
      signInLimits: { ...SIGN_IN_LIMITS, global: { points: 1000, duration: 60 } },
    });
  });
  afterAll(async () => h.close());

  it('refuses the 11th attempt for one address within 15 minutes, from however many client addresses', async () => {
    const target = 'nikto-taky@example.test';
    const answers: number[] = [];
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAccount.points; attempt++) {
      answers.push((await h.agent().post('/api/auth/login', wrong(target))).statusCode);
    }
    // The lockout rules still hold: five failures, then locked.
    expect(answers).toEqual([401, 401, 401, 401, 423, 423, 423, 423, 423, 423]);
    const refused = await h.agent().post('/api/auth/login', wrong('  NIKTO-taky@example.test '));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Another address is not affected.
    expect((await h.agent().post('/api/auth/login', wrong('iny@example.test'))).statusCode).toBe(
      401,
    );
  });

  it('counts an address with an account exactly like one without', async () => {
    const { email } = await h.signedIn('client');
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAccount.points; attempt++) {
      await h.agent().post('/api/auth/login', wrong(email));
    }
    const refused = await h.agent().post('/api/auth/login', wrong(email));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
  });
});

describe('the site-wide sign-in limit', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await accountsHarness({
      signInLimits: { ...SIGN_IN_LIMITS, global: { points: 3, duration: 600 } },
    });
  });
  afterAll(async () => h.close());

  it('refuses attempts beyond it from anyone, except a browser that signed in to that account before', async () => {
    const { email, password } = await h.signedIn('provider');
    const owner = h.agent();
    expect((await owner.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect(owner.cookies.get('sign_in_device')).toBeDefined();
    expect((await h.agent().post('/api/auth/login', wrong('a@example.test'))).statusCode).toBe(401);
    expect((await h.agent().post('/api/auth/login', wrong('b@example.test'))).statusCode).toBe(401);

    const refused = await h.agent().post('/api/auth/login', wrong('c@example.test'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    // Without the proof, the owner's own sign-in waits like everyone's.
    expect((await h.agent().post('/api/auth/login', { email, password })).statusCode).toBe(429);
    // The browser that signed in before still gets in.
    expect((await owner.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    // Its proof is for that account only.
    const other = h.agent();
    other.cookies.set('sign_in_device', owner.cookies.get('sign_in_device')!);
    expect((await other.post('/api/auth/login', wrong('d@example.test'))).statusCode).toBe(429);
  });
});

describe('the password hash queue of a running server', () => {
  let h: AccountsHarness;
  let queue: HashQueue;
  let active = 0;
  let most = 0;
  beforeAll(async () => {
    const inner = createHashQueue({ concurrency: 2, maxWaiting: 1 });
    // Counts the hashes running at once, whatever the queue does.
    queue = {
      load: inner.load,
      run: (task, lane) =>
        inner.run(async () => {
          active++;
          most = Math.max(most, active);
          try {
            return await task();
          } finally {
            active--;
          }
        }, lane),
    };
    h = await accountsHarness({ hashQueue: queue });
  });
  afterAll(async () => h.close());

  it('runs at most two hashes at once and refuses sign-ins beyond its waiting places with 429 busy', async () => {
    const { email } = await h.signedIn('client');
    // Twelve clients at once, each from its own address, half of them for a real account.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.agent().post('/api/auth/login', wrong(i % 2 ? email : `flood-${i}@example.test`)),
      ),
    );
    expect(most).toBeLessThanOrEqual(2);
    expect(most).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      expect([401, 429]).toContain(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json().error).toBe('busy');
        expect(answer.headers['retry-after']).toBe('2');
      }
    }
  });

  it('answers busy alike for known and unknown addresses while every place is taken, and still lets a returning browser in', async () => {
    const { email, password } = await h.signedIn('client');
    const returning = h.agent();
    expect((await returning.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // One anonymous hash runs (the other place is kept for returning browsers), one waits.
    const held = [queue.run(() => gate), queue.run(() => gate)];
    expect(queue.load()).toEqual({ running: 1, waiting: 1 });

    const known = await h.agent().post('/api/auth/login', { email, password });
    const unknown = await h.agent().post('/api/auth/login', wrong('nobody-at-all@example.test'));
    for (const refused of [known, unknown]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'busy' });
      expect(refused.headers['retry-after']).toBe('2');
    }
    // The browser that signed in to this account before takes the place kept for it.
    expect((await returning.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    release();
    await Promise.all(held);
    expect((await h.agent().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });
});
