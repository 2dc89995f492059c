import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../e2e/chromium';
import { startFakeGemini } from '../support/fake-gemini';
import { startMailbox } from '../support/mailbox';
import { startOpenIdProvider } from '../support/openid-provider';
import { freePort, startServer, waitUntilHealthy } from '../support/processes';
import { startTestPostgres } from './global-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app under test listens. */
    baseUrl: string;
    /** GET this for every mail the app has sent so far (JSON), caught by a real SMTP server. */
    mailboxUrl: string;
    /** Sign-ins the test OpenID provider (standing in for Google) knows. */
    googleLogins: string[];
    /** The administrator the app creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
    adminLogin: { email: string; password: string };
    /**
     * The fake Gemini endpoint the app's trust summary calls (tests/support/fake-gemini.ts).
     * Switch its answer with `POST {geminiUrl}/__mode` `{ "mode": "grounded" | "invalid_key" |
     * "permission_denied" | "slow" }`; `GET {geminiUrl}/__requests` lists what it was sent.
     * The app gives up on a call after 2 s, and `slow` answers after 5 s.
     */
    geminiUrl: string;
    /** One Chromium for every journey file: each connects and opens its own contexts. */
    browserEndpoint: string;
    /** The app's database, where journeys make their accounts with the factories. */
    databaseUrl: string;
  }
}

export const GOOGLE_TEST_ACCOUNTS = {
  'nova.klientka': { email: 'nova.klientka@gmail.test', name: 'Nová Klientka' },
} as const;

/**
 * The built app (npm run build) as its own process on a fresh database, with its mail going to
 * a real SMTP server on loopback and Google replaced by a real OpenID provider on loopback.
 * TRUST_PROXY is on so each simulated visitor can come from its own address (X-Forwarded-For).
 */
/** The app creates this administrator at start; the admin journey signs in with it. */
export const E2E_ADMIN = { email: 'spravca.e2e@example.test', password: 'Spravca-Kluc2026x' };

export default async function setup(project: TestProject) {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
    throw new Error('Browser journeys need the built app: run `npm run build` first.');
  }
  const postgres = await startTestPostgres();
  const databaseUrl = await postgres.createDatabase(`majstri_e2e_${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const mailbox = await startMailbox();
  const mailView = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mailbox.mails));
  });
  await new Promise<void>((resolve) => mailView.listen(0, '127.0.0.1', resolve));

  const google = await startOpenIdProvider([`${baseUrl}/api/auth/google/callback`]);
  for (const [login, account] of Object.entries(GOOGLE_TEST_ACCOUNTS))
    google.addAccount(login, account);

  const gemini = await startFakeGemini({ slowMs: 5_000 });
  const chromium = await launchChromiumServer();

  const server = startServer(
    {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      TRUST_PROXY: '1',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.issuer,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      GEMINI_API_KEY: 'e2e-test-key',
      GEMINI_BASE_URL: gemini.url,
      GEMINI_TIMEOUT_SECONDS: '2',
      GEMINI_DAILY_LIMIT: '1000',
      // Mail leaves as soon as the queue allows: journeys wait for it.
      JOB_POLLING_SECONDS: '0.5',
    },
    'dist/server/main.js',
  );
  await waitUntilHealthy(server);

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', `http://127.0.0.1:${(mailView.address() as AddressInfo).port}`);
  project.provide('googleLogins', Object.keys(GOOGLE_TEST_ACCOUNTS));
  project.provide('adminLogin', E2E_ADMIN);
  project.provide('geminiUrl', gemini.url);
  project.provide('browserEndpoint', chromium.wsEndpoint());
  project.provide('databaseUrl', databaseUrl);
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  project.provide('templateDatabase', postgres.template);

  return async () => {
    await chromium.close();
    server.child.kill('SIGTERM');
    await server.exited;
    await google.close();
    await gemini.close();
    await mailbox.close();
    mailView.close();
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
