import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../src/server/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { smtpMailer } from '../../src/server/mail/mailer';
import { diskStorage, type FileStorage } from '../../src/server/storage/storage';
import { users } from '../../src/server/db/schema';
import type { Language } from '../../src/shared/languages';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { Agent } from './agent';
import { startMailbox, type Mailbox } from './mailbox';

export interface AccountsHarness {
  database: TestDatabase;
  app: App;
  mailbox: Mailbox;
  storage: FileStorage;
  /** Every file the storage holds right now. */
  storedFiles(): string[];
  agent(address?: string): Agent;
  /** Registers, verifies through the mailed link, and returns a signed-in agent. */
  signedIn(
    role: 'client' | 'provider',
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

/** A real app on its own database, with mail caught by a real SMTP server. */
export async function accountsHarness(
  options: { publicUrl?: string; supportLanguage?: Language } = {},
): Promise<AccountsHarness> {
  const database = await createTestDatabase();
  const mailbox = await startMailbox();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-files-'));
  const storage = diskStorage(filesDir);
  const app = await buildApp({
    storage,
    db: database.db,
    mailer: smtpMailer(mailbox.url, 'Majstri <no-reply@majstri.sk>'),
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    supportEmail: 'podpora@majstri.test',
    ...(options.supportLanguage ? { supportLanguage: options.supportLanguage } : {}),
  });
  const harness: AccountsHarness = {
    database,
    app,
    mailbox,
    storage,
    storedFiles: () =>
      fs
        .readdirSync(filesDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
    agent: (address) => new Agent(app, address),
    async signedIn(role, fields = {}) {
      const agent = new Agent(app);
      const email = fields.email ?? `person-${process.pid}-${++counter}@example.test`;
      const password = fields.password ?? 'Remeslo2025x';
      const register = await agent.post(`/api/auth/register/${role}`, {
        name: fields.name ?? 'Jana Testová',
        email,
        password,
        phone_number: '+421 900 123 456',
        ...(await agent.solveChallenge()),
      });
      if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`);
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const login = await agent.post('/api/auth/login', { email, password });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
      return { agent, email, password, id: login.json().user.id };
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
