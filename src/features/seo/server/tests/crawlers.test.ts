import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import { users, workRequests } from '../../../../server/db/schema';
import { createClient, createProvider, createWorkRequest } from '../../../../../tests/factories';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { LANGUAGES } from '../../../../shared/languages';
import { sitemapXml } from '../crawlers';

const SITE = 'https://majstri.example';
let database: TestDatabase;
let app: App;
let clientDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="sk">\n  <head>\n    <title>Majstri</title>\n  </head>\n  <body></body>\n</html>\n',
  );
  fs.mkdirSync(path.join(clientDir, 'assets'));
  const script = 'console.log("Majstri");\n'.repeat(100);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1.js'), script);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1.js.br'), zlib.brotliCompressSync(script));
  app = await buildApp({ db: database.db, publicUrl: `${SITE}/`, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the API and private pages and names the sitemap', async () => {
    const answer = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /profile',
        'Disallow: /notifications',
        'Disallow: /messages',
        `Sitemap: ${SITE}/sitemap.xml`,
      ]),
    );
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages, active providers and open requests only', async () => {
    const provider = await createProvider(database.db, { name: 'Aktívny Majster' });
    const disabledProvider = await createProvider(database.db, { name: 'Vypnutý Majster' });
    await database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, disabledProvider.id));
    const client = await createClient(database.db);
    const open = await createWorkRequest(database.db, client);
    const assigned = await createWorkRequest(database.db, client, { status: 'ASSIGNED' });
    const closed = await createWorkRequest(database.db, client, { status: 'CANCELLED' });
    const ofDisabledClient = await createWorkRequest(database.db, client);
    await database.db
      .update(workRequests)
      .set({ clientActive: false })
      .where(eq(workRequests.id, ofDisabledClient.id));

    const answer = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locations = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/browse`,
        `${SITE}/privacy`,
        `${SITE}/contact`,
        `${SITE}/provider/${provider.id}`,
        `${SITE}/request/${open.id}`,
      ]),
    );
    for (const hidden of [
      `/provider/${disabledProvider.id}`,
      `/provider/${client.id}`,
      `/request/${assigned.id}`,
      `/request/${closed.id}`,
      `/request/${ofDisabledClient.id}`,
      '/admin',
      '/profile',
      '/notifications',
      '/messages',
    ]) {
      expect(locations).not.toContain(`${SITE}${hidden}`);
    }
    expect(answer.body).toContain(
      `<url><loc>${SITE}/request/${open.id}</loc><lastmod>${open.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    );
  });

  it('escapes what XML gives a meaning to', () => {
    const xml = sitemapXml('https://example.test/a&b', [{ path: '/x?<\'">' }]);
    expect(xml).toContain('<loc>https://example.test/a&amp;b/x?&lt;&apos;&quot;&gt;</loc>');
  });
});

describe('page head', () => {
  it('writes title, description, canonical link and language for the page', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/browse?category=plumbing',
      cookies: { lang: 'en' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<html lang="en"');
    expect(answer.body).toContain('<title>Majstri — Browse jobs</title>');
    expect(answer.body).toMatch(
      /<meta name="description" content="Open jobs for tradespeople[^"]*" \/>/,
    );
    expect(answer.body).toContain(`<link rel="canonical" href="${SITE}/browse" />`);

    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<html lang="sk"');
    expect(home.body).toMatch(/<meta name="description" content="Majstri spájajú[^"]*" \/>/);
  });

  it('gives the home page a title and description of its own in each language, saying what the site is', async () => {
    const heads = new Map<string, string>();
    for (const language of LANGUAGES) {
      const home = await app.inject({ method: 'GET', url: '/', cookies: { lang: language } });
      const meta = JSON.parse(fs.readFileSync(`src/locales/${language}/meta.json`, 'utf8')) as {
        title: { home: string };
        description: { home: string };
      };
      const title = /<title>([^<]*)<\/title>/.exec(home.body)?.[1];
      const description = /<meta name="description" content="([^"]*)" \/>/.exec(home.body)?.[1];
      expect(home.body).toContain(`<html lang="${language}"`);
      expect(title).toBe(`Majstri — ${meta.title.home}`);
      expect(description).toBe(meta.description.home);
      heads.set(`${title}\n${description}`, language);
    }
    // Five languages, five different heads: none is another's copy or the bare product name.
    expect(heads.size).toBe(LANGUAGES.length);
  });

  it('gives unknown pages the not-found title and no canonical link', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/nothing/<b>',
      cookies: { lang: 'cs' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<title>Majstri — Stránka nebyla nalezena</title>');
    expect(answer.body).not.toContain('canonical');
    expect(answer.body).not.toContain('<b>');
  });
});

describe('assets', () => {
  it('sends the compressed copy the build made to browsers that accept it', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toContain('Majstri');

    const plain = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("Majstri");');
  });
});
