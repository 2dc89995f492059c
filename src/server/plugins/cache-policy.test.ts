import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import {
  createClient,
  createConversationReport,
  createProvider,
  createRequestThread,
  createWorkRequest,
} from '../../../tests/factories';
import { PNG } from '../../../tests/factories/files';
import { injectReadingHead } from '../../../tests/support/inject-head';
import { sessionCookieFor } from '../../../tests/support/session-cookie';
import { buildApp, type App } from '../app';
import { attachments, providerProfiles, users } from '../db/schema';
import { diskStorage } from '../storage/storage';

/** docs/security.md "Caching": who may keep an API answer. */
let database: TestDatabase;
let app: App;
let filesDir: string;
let cookie: string;
let administratorCookie: string;
let ids: {
  request: string;
  provider: string;
  attachment: string;
  thread: string;
  photo: string;
  report: string;
};

beforeAll(async () => {
  database = await createTestDatabase();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-cache-'));
  const storage = diskStorage(filesDir);
  app = await buildApp({ db: database.db, storage });
  const client = await createClient(database.db);
  const provider = await createProvider(database.db);
  const request = await createWorkRequest(database.db, client);
  const key = storage.newKey();
  await storage.put(key, PNG);
  const [attachment] = await database.db
    .insert(attachments)
    .values({
      workRequestId: request.id,
      storageKey: key,
      filename: 'kupelna.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning();
  cookie = `sid=${await sessionCookieFor(database.db, client.id)}`;
  const [administrator] = await database.db
    .insert(users)
    .values({
      email: 'spravca@example.test',
      name: 'Správca',
      role: 'administrator',
      emailVerified: true,
    })
    .returning();
  administratorCookie = `sid=${await sessionCookieFor(database.db, administrator!.id)}`;
  const pictureKey = storage.newKey();
  await storage.put(pictureKey, PNG);
  await database.db
    .update(providerProfiles)
    .set({ pictureKey })
    .where(eq(providerProfiles.userId, provider.id));
  // The client hired the provider on another request; their thread holds a photo, and a report.
  const hired = await createRequestThread(
    database.db,
    storage,
    {
      request: await createWorkRequest(database.db, client),
      clientId: client.id,
      providerId: provider.id,
    },
    { hired: true },
  );
  const report = await createConversationReport(database.db, {
    conversationId: hired.thread.id,
    reporterId: client.id,
    reportedId: provider.id,
  });
  ids = {
    request: request.id,
    provider: provider.id,
    attachment: attachment!.id,
    thread: hired.thread.id,
    photo: hired.attachment!.id,
    report: report.id,
  };
});

afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

let nextAddress = 1;
const read = (url: string, signedIn = true) =>
  injectReadingHead(app, {
    url,
    remoteAddress: `10.90.0.${nextAddress++ % 250}`,
    headers: signedIn ? { cookie } : {},
  });

describe('caching of API answers', () => {
  it('lets nobody keep an answer that carries a person’s data', async () => {
    for (const url of [
      '/api/users/profile',
      '/api/auth/session',
      '/api/work-requests/my',
      `/api/work-requests/${ids.request}`,
      `/api/bids/work-request/${ids.request}`,
      `/api/providers/${ids.provider}`,
      `/api/providers/${ids.provider}/reviews`,
      '/api/conversations',
      `/api/conversations/${ids.thread}/messages`,
    ]) {
      const response = await read(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/api/admin/reports', `/api/admin/reports/${ids.report}`]) {
      const response = await app.inject({ url, headers: { cookie: administratorCookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('stores no answer of any API read unless its route says it is public', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const route of app.apiRoutes.filter((r) => r.method === 'GET')) {
      const url = route.url.replace(/:[A-Za-z]+/g, someId);
      for (const signedIn of [true, false]) {
        const response = await read(url, signedIn);
        const expected =
          route.config.publicCache && response.statusCode === 200 ? /^public, / : /^no-store$/;
        expect(response.headers['cache-control'], `${url} → ${response.statusCode}`).toMatch(
          expected,
        );
      }
    }
  });

  it('lets caches keep public lists and deploy constants briefly, but never an error', async () => {
    const list = await read('/api/work-requests', false);
    expect(list.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    // Its cards name their towns in the `lang` cookie's language: kept apart per cookie.
    expect(list.headers.vary).toBe('Cookie');
    expect((await read('/api/version', false)).headers['cache-control']).toBe(
      'public, max-age=60, s-maxage=60',
    );
    const refused = await read('/api/work-requests?page=0', false);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('lets shared caches keep only the pictures everybody may see', async () => {
    const picture = `/api/users/profile-picture/provider/${ids.provider}`;
    expect((await read(picture, false)).headers['cache-control']).toBe('public, max-age=300');
    await database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, ids.provider));
    // A disabled provider's picture is shown to administrators alone.
    const hidden = await app.inject({ url: picture, headers: { cookie: administratorCookie } });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps a private download in the browser’s own cache only', async () => {
    const response = await read(
      `/api/work-requests/${ids.request}/attachments/${ids.attachment}/download`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^private\b/);
    const photo = await read(`/api/conversations/${ids.thread}/attachments/${ids.photo}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toMatch(/^private\b/);
  });
});
