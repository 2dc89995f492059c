import { and, eq } from 'drizzle-orm';
import { auditEntries } from '../../src/server/db/schema';
import { buildApp, type App, type AppDeps, type JobSettings } from '../../src/server/app';
import { QUEUES } from '../../src/server/jobs/job-queue';
import type { GeminiConfig } from '../../src/features/trust-summary/server/gemini';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { smtpMailer } from '../../src/server/mail/mailer';
import { diskStorage, type FileStorage } from '../../src/server/storage/storage';
import type { Language } from '../../src/shared/languages';
import { openSession } from '../../src/features/accounts/server/sessions';
import type { HashQueue } from '../../src/features/accounts/server/hash-queue';
import { SIGN_IN_LIMITS, type SignInLimits } from '../../src/server/plugins/rate-limit';
import type { Role } from '../../src/shared/statuses';
import { createAccount, TEST_PASSWORD, TEST_PASSWORD_COST } from '../factories';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { Agent } from './agent';
import { retriesDueNow } from './job-queue-clock';
import { startMailbox, type Mailbox } from './mailbox';

export interface AccountsHarness {
  database: TestDatabase;
  /** Each mail waiting to be tried again is due now (`mailbox.waitFor` does it while it waits). */
  mailRetriesDueNow(): Promise<void>;
  app: App;
  mailbox: Mailbox;
  storage: FileStorage;
  /** Every file the storage holds right now. */
  storedFiles(): string[];
  /** The audit entries of this action, about this person when one is named. */
  auditsOf(action: string, targetUserId?: string): Promise<(typeof auditEntries.$inferSelect)[]>;
  agent(address?: string): Agent;
  /**
   * A verified account and an agent signed in to it, both made straight in the database: for
   * every test that is not about registering or signing in (those go through HTTP themselves).
   */
  signedIn(
    role: Role,
    fields?: { name?: string; email?: string; password?: string },
  ): Promise<{
    agent: Agent;
    email: string;
    password: string;
    id: string;
  }>;
  close(): Promise<void>;
}

let counter = 0;

/** The wait of a retry in tests: longer than any test, so only a moved clock brings it. */
export const HOUR_IN_SECONDS = 3_600;

/**
 * Workers that look for work often. A failed mail waits an hour for its next try, unless the test
 * moves the queue's clock (`retriesDueNow`, done by `mailbox.waitFor` and `mailRetriesDueNow`):
 * tests wait by polling, never by timing. The schedules are looked at as often as in production
 * (every 30 s): a test of a schedule builds its own queue and says how often (session-cleanup,
 * retention, two-instances); each look evaluates every cron expression, which cost the test
 * apps about 4 s of CPU per run at one look a second.
 */
export const TEST_JOB_SETTINGS = (mailRetry?: JobSettings['mailRetry']): JobSettings => ({
  queue: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 30 },
  mailRetry: mailRetry ?? { limit: 8, delaySeconds: HOUR_IN_SECONDS },
});

/** A real app on its own database, with mail caught by a real SMTP server. */
export async function accountsHarness(
  options: {
    publicUrl?: string;
    supportLanguage?: Language;
    gemini?: GeminiConfig;
    hashQueue?: HashQueue;
    signInLimits?: SignInLimits;
    /** Where uploads go instead of a temporary folder (`storedFiles()` then sees none). */
    storage?: FileStorage;
    /** Serves GET /metrics to this token. */
    metricsToken?: string;
    /** The queue's retries of a mail (default: 8, each an hour later unless the test moves the clock). */
    mailRetry?: JobSettings['mailRetry'];
    /** Domain event handlers after the product's own. */
    eventHandlers?: AppDeps['eventHandlers'];
    /** Web push: the admitted origins and the test push service's certificate. */
    push?: AppDeps['push'];
  } = {},
): Promise<AccountsHarness> {
  const database = await createTestDatabase();
  const mailRetriesDueNow = () => retriesDueNow(database.db, QUEUES.mail);
  const mailbox = await startMailbox({ whileWaiting: mailRetriesDueNow });
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-files-'));
  const storage = options.storage ?? diskStorage(filesDir);
  const app = await buildApp({
    storage,
    db: database.db,
    mailer: smtpMailer(mailbox.url, 'Majstri <no-reply@majstri.sk>'),
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    supportEmail: 'podpora@majstri.test',
    ...(options.supportLanguage ? { supportLanguage: options.supportLanguage } : {}),
    ...(options.gemini ? { gemini: options.gemini } : {}),
    ...(options.hashQueue ? { hashQueue: options.hashQueue } : {}),
    // Tests sign in far faster than people do: the site-wide limit is tested on its own
    // (sign-in-flood.test.ts) and is out of the way everywhere else.
    signInLimits: options.signInLimits ?? {
      ...SIGN_IN_LIMITS,
      global: { points: 1_000_000, duration: 1 },
    },
    passwordCost: TEST_PASSWORD_COST,
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    jobs: TEST_JOB_SETTINGS(options.mailRetry),
    ...(options.eventHandlers ? { eventHandlers: options.eventHandlers } : {}),
    ...(options.push ? { push: options.push } : {}),
  });
  const harness: AccountsHarness = {
    database,
    mailRetriesDueNow,
    app,
    mailbox,
    storage,
    storedFiles: () =>
      fs
        .readdirSync(filesDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
    agent: (address) => new Agent(app, address),
    auditsOf: (action, targetUserId) =>
      database.db
        .select()
        .from(auditEntries)
        .where(
          targetUserId
            ? and(eq(auditEntries.action, action), eq(auditEntries.targetUserId, targetUserId))
            : eq(auditEntries.action, action),
        ),
    async signedIn(role, fields = {}) {
      const password = fields.password ?? TEST_PASSWORD;
      const user = await createAccount(database.db, role, {
        ...(fields.name ? { name: fields.name } : {}),
        email: fields.email ?? `person-${process.pid}-${++counter}@example.test`,
        password,
        phoneNumber: role === 'administrator' ? null : '+421 900 123 456',
      });
      const { token } = await openSession(database.db, user.id);
      const agent = new Agent(app);
      agent.useSession(token, user.preferredLanguage);
      return { agent, email: user.email, password, id: user.id };
    },
    async close() {
      await app.close();
      await mailbox.close();
      await database.drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
  return harness;
}
