import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../../tests/factories';
import { Agent } from '../../../../../tests/support/agent';
import {
  startOpenIdProvider,
  type OpenIdProvider,
} from '../../../../../tests/support/openid-provider';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';

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

/** Our start endpoint, the provider's form, our callback: where the browser lands. */
async function signInWithGoogle(agent: Agent, login: string) {
  const start = await agent.get('/api/auth/google');
  const back = new URL(await provider.authorize(start.headers.location as string, login));
  const callback = await agent.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode).toBe(302);
  return new URL(callback.headers.location as string, PUBLIC_URL);
}

describe('Google sign-in with two-factor sign-in on', () => {
  it('asks an enrolled administrator for the code before any session opens', async () => {
    await createAccount(database.db, 'administrator', {
      email: 'spravca@majstri.test',
      password: null,
    });
    provider.addAccount('admin', { email: 'spravca@majstri.test', name: 'Správca' });

    // Not yet enrolled: Google alone signs in, and the administrator (who has no password to
    // prove) sets up an authenticator.
    const first = new Agent(app);
    expect((await signInWithGoogle(first, 'admin')).searchParams.get('token')).toBe('google');
    const { manual_key: key } = (await first.post('/api/users/two-factor/enrolment', {})).json();
    const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) });
    const confirmed = await first.post('/api/users/two-factor/enrolment/confirm', {
      code: totp.generate({ timestamp: Date.now() - 30_000 }),
    });
    expect(confirmed.statusCode).toBe(200);

    const agent = new Agent(app);
    const landing = await signInWithGoogle(agent, 'admin');
    expect([...landing.searchParams.entries()]).toEqual([['secondFactor', 'true']]);
    expect(agent.cookies.has('sid')).toBe(false);
    expect((await agent.get('/api/auth/session')).statusCode).toBe(401);

    const wrong = await agent.post('/api/auth/second-factor', { code: '000000' });
    expect(wrong.json().error).toBe('second_factor_invalid');
    const done = await agent.post('/api/auth/second-factor', { code: totp.generate() });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user_type: 'administrator' });
    expect((await agent.get('/api/admin/alerts')).statusCode).toBe(200);
  });
});
