import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../../../../tests/support/agent';
import {
  startOpenIdProvider,
  type OpenIdProvider,
} from '../../../../../tests/support/openid-provider';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';
import { auditEntries, sessions, users } from '../../../../server/db/schema';
import { openSession } from '../sessions';
import { createAccount, TEST_PASSWORD_COST } from '../../../../../tests/factories';

const PUBLIC_URL = 'http://majstri.test';
let provider: OpenIdProvider;
let database: TestDatabase;
let app: App;

beforeAll(async () => {
  provider = await startOpenIdProvider([`${PUBLIC_URL}/api/auth/google/callback`]);
  database = await createTestDatabase();
  app = await buildApp({
    db: database.db,
    publicUrl: PUBLIC_URL,
    passwordCost: TEST_PASSWORD_COST,
    google: {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      issuerUrl: provider.issuer,
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await provider.close();
});

/** The whole round trip a browser makes: our start endpoint, the provider's form, our callback. */
async function signInWithGoogle(agent: Agent, login: string, startQuery = '') {
  const start = await agent.get(`/api/auth/google${startQuery}`);
  expect(start.statusCode).toBe(302);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(provider.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('state')).toBeTruthy();
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const back = new URL(await provider.authorize(authorization.href, login));
  const callback = await agent.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode).toBe(302);
  return new URL(callback.headers.location as string, PUBLIC_URL);
}

describe('Google sign-in', () => {
  it('is announced in the public config', async () => {
    expect((await new Agent(app).get('/api/config')).json().google_enabled).toBe(true);
  });

  it('sends a new person to choose a role, then creates a verified account and signs in', async () => {
    provider.addAccount('new-person', { email: 'Nova.Osoba@gmail.test', name: 'Nová Osoba' });
    const agent = new Agent(app);
    const landing = await signInWithGoogle(agent, 'new-person');
    expect(landing.pathname).toBe('/auth/callback');
    expect(landing.searchParams.get('needsRole')).toBe('true');
    expect(landing.searchParams.get('email')).toBe('Nova.Osoba@gmail.test');
    expect(agent.cookies.has('sid')).toBe(false);

    const token = landing.searchParams.get('pendingToken')!;
    const bad = await agent.post('/api/auth/google/complete-registration', {
      token,
      role: 'administrator',
    });
    expect(bad.statusCode).toBe(400);

    const done = await agent.post('/api/auth/google/complete-registration', {
      token,
      role: 'provider',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      user_type: 'provider',
      user: {
        email: 'Nova.Osoba@gmail.test',
        name: 'Nová Osoba',
        email_verified: true,
        has_password: false,
        google_linked: true,
      },
    });
    expect((await agent.get('/api/auth/session')).statusCode).toBe(200);

    // The same token cannot make a second account.
    const again = await new Agent(app).post('/api/auth/google/complete-registration', {
      token,
      role: 'client',
    });
    expect(again.json().error).toBe('email_exists');
    const audit = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'auth.google.register'));
    expect(audit).toHaveLength(1);
  });

  it('signs a returning person straight in, with only a marker in the URL', async () => {
    const agent = new Agent(app);
    const landing = await signInWithGoogle(agent, 'new-person');
    expect([...landing.searchParams.keys()]).toEqual(['token']);
    expect(landing.searchParams.get('token')).toBe('google');
    expect(agent.cookies.get('sid')).toBeDefined();
    expect(landing.href).not.toContain(agent.cookies.get('sid')!);
    expect((await agent.get('/api/auth/session')).json().user.email).toBe('Nova.Osoba@gmail.test');
  });

  it('comes back to the page the sign-in started from, and only to a page of this site', async () => {
    const page = '/request/7b0f6a52-3c1e-4f7e-9a55-0d6c1c2f4e11';
    const landing = await signInWithGoogle(
      new Agent(app),
      'new-person',
      `?next=${encodeURIComponent(page)}`,
    );
    expect(landing.pathname).toBe('/auth/callback');
    expect(landing.searchParams.get('token')).toBe('google');
    expect(landing.searchParams.get('next')).toBe(page);

    for (const elsewhere of ['//evil.com', '/%2F%2Fevil.com', 'https://evil.com', '/\\evil.com']) {
      const refused = await signInWithGoogle(
        new Agent(app),
        'new-person',
        `?next=${encodeURIComponent(elsewhere)}`,
      );
      expect(refused.origin).toBe(PUBLIC_URL);
      expect(refused.searchParams.has('next')).toBe(false);
    }

    // A return cookie set by hand is checked again on the way back.
    const agent = new Agent(app);
    const start = await agent.get('/api/auth/google');
    agent.cookies.set('google_next', '//evil.com');
    const back = new URL(await provider.authorize(start.headers.location as string, 'new-person'));
    const callback = await agent.get(`${back.pathname}${back.search}`);
    const tampered = new URL(callback.headers.location as string, PUBLIC_URL);
    expect(tampered.searchParams.get('token')).toBe('google');
    expect(tampered.searchParams.has('next')).toBe(false);
  });

  it('links an existing account with the same email and marks it verified', async () => {
    const [existing] = await database.db
      .insert(users)
      .values({
        email: 'jan.heslo@example.test',
        name: 'Ján Heslo',
        role: 'client',
        passwordHash: 'scrypt$x',
        emailVerified: false,
      })
      .returning();
    provider.addAccount('jan', { email: 'JAN.HESLO@example.test', name: 'Ján z Googlu' });
    const agent = new Agent(app);
    const landing = await signInWithGoogle(agent, 'jan');
    expect(landing.searchParams.get('token')).toBe('google');
    const [linked] = await database.db.select().from(users).where(eq(users.id, existing!.id));
    expect(linked).toMatchObject({ emailVerified: true, name: 'Ján Heslo' });
    expect(linked!.googleId).toBeTruthy();
  });

  it('takes an unverified address back from whoever set its password: the password and every session end', async () => {
    // A stranger registers the victim's address with a password and never verifies it.
    const stranger = new Agent(app);
    const registered = await stranger.post('/api/auth/register/client', {
      name: 'Cudzí Človek',
      email: 'obet@example.test',
      password: 'Cudzinec2025x',
      ...(await stranger.solveChallenge()),
    });
    expect(registered.statusCode).toBe(201);
    const [account] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'obet@example.test'));
    // An unverified account cannot sign in, so the stranger's session is made directly.
    const { token } = await openSession(database.db, account!.id);
    stranger.useSession(token, 'sk');
    expect((await stranger.get('/api/auth/session')).statusCode).toBe(200);

    // The owner of the address signs in with Google.
    provider.addAccount('obet', { email: 'obet@example.test', name: 'Skutočná Obeť' });
    const owner = new Agent(app);
    const landing = await signInWithGoogle(owner, 'obet');
    expect(landing.searchParams.get('token')).toBe('google');
    const mine = await owner.get('/api/auth/session');
    expect(mine.json().user).toMatchObject({
      email: 'obet@example.test',
      email_verified: true,
      has_password: false,
      google_linked: true,
    });

    // The stranger is out: the old cookie is dead and the password no longer opens the account.
    expect((await stranger.get('/api/auth/session')).statusCode).toBe(401);
    const retry = await new Agent(app).post('/api/auth/login', {
      email: 'obet@example.test',
      password: 'Cudzinec2025x',
    });
    expect(retry.statusCode).toBe(401);
    expect(retry.json().error).toBe('invalid_credentials');
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, account!.id));
    expect(left).toHaveLength(1);
    const [audit] = await database.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'auth.google.link'),
          eq(auditEntries.targetUserId, account!.id),
        ),
      );
    expect(audit!.message).toMatch(/password was removed and its sessions ended/);
  });

  it('keeps the password and the sessions of a verified account it links', async () => {
    const account = await createAccount(database.db, 'provider', {
      email: 'overeny@example.test',
      password: 'Overeny2025x',
    });
    const { token } = await openSession(database.db, account.id);
    const earlier = new Agent(app);
    earlier.useSession(token, 'sk');
    provider.addAccount('overeny', { email: 'overeny@example.test', name: 'Overený' });
    const landing = await signInWithGoogle(new Agent(app), 'overeny');
    expect(landing.searchParams.get('token')).toBe('google');

    expect((await earlier.get('/api/auth/session')).json().user).toMatchObject({
      has_password: true,
      google_linked: true,
    });
    const withPassword = await new Agent(app).post('/api/auth/login', {
      email: 'overeny@example.test',
      password: 'Overeny2025x',
    });
    expect(withPassword.statusCode).toBe(200);
  });

  it('refuses a Google address that is not verified', async () => {
    provider.addAccount('unverified', {
      email: 'maybe@example.test',
      name: 'Maybe',
      email_verified: false,
    });
    const landing = await signInWithGoogle(new Agent(app), 'unverified');
    expect(landing.searchParams.get('error')).toBe('google_failed');
  });

  it('refuses a callback that this browser did not start', async () => {
    const response = await new Agent(app).get('/api/auth/google/callback?code=abc&state=xyz');
    expect(response.statusCode).toBe(302);
    expect(new URL(response.headers.location as string, PUBLIC_URL).searchParams.get('error')).toBe(
      'google_failed',
    );
  });

  it('does not sign in a disabled account', async () => {
    await database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.email, 'Nova.Osoba@gmail.test'));
    const agent = new Agent(app);
    const landing = await signInWithGoogle(agent, 'new-person');
    expect(landing.searchParams.get('error')).toBe('account_disabled');
    expect(agent.cookies.has('sid')).toBe(false);
  });

  it('is absent when not configured', async () => {
    const plain = await buildApp({ db: database.db });
    expect((await new Agent(plain).get('/api/auth/google')).statusCode).toBe(404);
    expect((await new Agent(plain).get('/api/config')).json().google_enabled).toBe(false);
    await plain.close();
  });
});
