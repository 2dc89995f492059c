import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { buildApp, type App } from '../../../../server/app';

/**
 * issue 29 §3: the site installs as an app — a web manifest with icons, and a service worker
 * at the root — under the same strict CSP as every page.
 */
let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ db: database.db, publicUrl: 'https://majstri.example' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the web app manifest', () => {
  it('names the app, opens it standalone at the start page, in the brand’s colours', async () => {
    const answer = await app.inject({ url: '/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    expect(answer.json()).toMatchObject({
      name: 'Majstri',
      short_name: 'Majstri',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#fafaf9',
    });
  });

  it('lists icons of 192 and 512 px, one maskable, that exist at those sizes', async () => {
    const { icons } = (await app.inject({ url: '/manifest.webmanifest' })).json() as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const file = path.join('public', icon.src);
      const { width, height, format } = await sharp(fs.readFileSync(file)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });

  it('is linked from every page, with the icon iOS uses', () => {
    const html = fs.readFileSync('index.html', 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(fs.existsSync('public/icons/apple-touch-icon.png')).toBe(true);
  });
});

describe('the service worker', () => {
  it('is served from the root as JavaScript, under the pages’ strict CSP, never cached long', async () => {
    const answer = await app.inject({ url: '/sw.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['service-worker-allowed']).toBeUndefined();
    expect(answer.body).toMatch(/addEventListener\("push"/);
  });

  it('answers a browser that has this version with 304', async () => {
    const first = await app.inject({ url: '/sw.js' });
    const again = await app.inject({
      url: '/sw.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/sw.js' })).statusCode).toBe(200);
  });
});
