import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { buildApp, type App } from './app';
import { connect } from './db/database';
import { alerts } from './db/schema';
import { DEFAULT_BUILD } from '../shared/version';

let database: TestDatabase;
let app: App;
let clientDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="sk"><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log("app")');
  app = await buildApp({ db: database.db, clientDir });
});

afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('health and version', () => {
  it('reports the database as up', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const unreachable = connect('postgres://postgres@127.0.0.1:1/nowhere');
    const broken = await buildApp({ db: unreachable.db });
    const response = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    await broken.close();
    await unreachable.pool.end();
  });

  it('serves the release stamp unless the build stamps its own', async () => {
    expect((await app.inject({ url: '/api/version' })).json()).toEqual({
      version: '2025.10.05.1327',
      timestamp: DEFAULT_BUILD.timestamp,
      build_date: '2025-10-05',
    });
    const stamped = await buildApp({
      db: database.db,
      buildInfo: {
        version: '2026.11.22.1200',
        timestamp: '2026-11-22T12:00:00.000Z',
        build_date: '2026-11-22',
      },
    });
    expect((await stamped.inject({ url: '/api/version' })).json().version).toBe('2026.11.22.1200');
    await stamped.close();
  });
});

describe('errors and request ids', () => {
  it('answers unknown API paths with 404 JSON carrying a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body.error).toBe('not_found');
    expect(body.request_id).toBe(response.headers['x-request-id']);
    expect(body.message).toEqual(expect.any(String));
  });

  it('keeps a well-formed request id from the caller and replaces a malformed one', async () => {
    const kept = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'trace-1234-abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-1234-abcd');
    const replaced = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses malformed JSON with invalid_json and no internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/json' },
      payload: '{"csp-report": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_json' });
    expect(response.body).not.toMatch(/at .*\.ts|SyntaxError|stack/);
  });

  it('refuses a body of the wrong shape with validation_failed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      payload: { hello: 'world' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/xml' },
      payload: '<report/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('unsupported_media_type');
  });
});

describe('security headers and CSP reports', () => {
  it('sends a strict CSP without inline script on pages, and one that allows nothing on API answers', async () => {
    const page = (await app.inject({ url: '/' })).headers;
    const csp = page['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('report-uri /api/csp-report');
    expect(page['x-content-type-options']).toBe('nosniff');
    expect(page['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const api = (await app.inject({ url: '/api/health' })).headers;
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['x-content-type-options']).toBe('nosniff');
  });

  const pageCsp =
    "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;" +
    "font-src 'self';connect-src 'self';media-src 'self';frame-src 'self' blob:;" +
    "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';" +
    "manifest-src 'self';worker-src 'self';report-uri /api/csp-report;report-to csp";
  const pageHeaders = {
    'content-security-policy': pageCsp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'reporting-endpoints': 'csp="/api/csp-report"',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };
  /** The security headers of an answer: every line of either set it carries. */
  const securityLines = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      [...Object.keys(pageHeaders), 'strict-transport-security']
        .filter((name) => headers[name] !== undefined)
        .map((name) => [name, headers[name]]),
    );

  it("sends the pages' security headers on every page, asset and refusal outside the API", async () => {
    const answers = [
      await app.inject({ url: '/' }),
      await app.inject({ url: '/requests' }),
      await app.inject({ url: '/assets/app.js' }),
      await app.inject({ url: '/robots.txt' }),
      await app.inject({ url: '/api/docs' }),
      await app.inject({ url: '/no-such-page' }),
    ];
    for (const answer of answers) expect(securityLines(answer.headers)).toEqual(pageHeaders);
  });

  it("sends the API's security headers on each of its answers and refusals, however the path is spelled", async () => {
    const answers = [
      await app.inject({ url: '/api/version' }),
      await app.inject({ url: '/api/%76ersion' }),
      await app.inject({ url: '/api/no-such-endpoint' }),
      await app.inject({ method: 'POST', url: '/api/auth/logout' }),
      await app.inject({ method: 'PUT', url: '/api/users/language', payload: { x: 1 } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 403, 403]);
    for (const answer of answers) {
      expect(securityLines(answer.headers)).toEqual(apiHeaders);
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
  });

  it("adds HSTS to both sets, and upgrade-insecure-requests to the pages' CSP, behind HTTPS", async () => {
    const overHttps = await buildApp({
      db: database.db,
      clientDir,
      publicUrl: 'https://majstri.sk',
    });
    try {
      const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
      const page = await overHttps.inject({ url: '/' });
      expect(securityLines(page.headers)).toEqual({
        ...pageHeaders,
        'content-security-policy': `${pageCsp};upgrade-insecure-requests`,
        ...hsts,
      });
      const api = await overHttps.inject({ url: '/api/version' });
      expect(securityLines(api.headers)).toEqual({ ...apiHeaders, ...hsts });
    } finally {
      await overHttps.close();
    }
  });

  it('records a browser CSP report as a csp alert', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost/privacy',
          'violated-directive': 'script-src',
          'blocked-uri': 'https://evil.example/x.js',
        },
      }),
    });
    expect(response.statusCode).toBe(204);
    const rows = await database.db.select().from(alerts).where(eq(alerts.type, 'csp'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toContain('https://evil.example/x.js');
    expect(rows[0]!.message).toContain('script-src');
  });

  it('describes a report whose fields are not text without them, never failing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      remoteAddress: '10.9.0.3',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': { 'blocked-uri': { toString: 0 }, 'violated-directive': ['img-src'] },
      }),
    });
    expect(response.statusCode).toBe(204);
    const rows = await database.db.select().from(alerts).where(eq(alerts.type, 'csp'));
    expect(rows.map((row) => row.message)).toContain(
      'CSP blocked content (unknown directive) on a page',
    );
  });

  it('accepts the Reporting API shape too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      remoteAddress: '10.9.0.2',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://localhost/',
            effectiveDirective: 'style-src',
            blockedURL: 'inline',
          },
        },
      ]),
    });
    expect(response.statusCode).toBe(204);
    const rows = await database.db.select().from(alerts).where(eq(alerts.type, 'csp'));
    expect(rows.map((row) => row.message)).toContainEqual(expect.stringContaining('style-src'));
  });
});

describe('the single-page app', () => {
  it('serves the app for known pages with the language from the cookie', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="sk"');
    const privacy = await app.inject({ url: '/privacy', headers: { cookie: 'lang=uk' } });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain('<html lang="uk"');
    expect(privacy.headers['cache-control']).toBe('no-cache');
  });

  it("gives a new browser its CSRF token with the page, so its first form's post is accepted", async () => {
    const page = await app.inject({ url: '/browse', remoteAddress: '10.70.0.1' });
    const token = page.cookies.find((cookie) => cookie.name === 'csrf_token')?.value;
    expect(token).toBeDefined();
    const write = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.70.0.1',
      cookies: { csrf_token: token! },
      headers: { 'x-csrf-token': token! },
      payload: { email: 'not an address' },
    });
    expect(write.json().error).toBe('validation_failed');

    const asset = await app.inject({ url: '/assets/app.js', remoteAddress: '10.70.0.2' });
    expect(asset.cookies.find((cookie) => cookie.name === 'csrf_token')).toBeUndefined();
    const kept = await app.inject({ url: '/', cookies: { csrf_token: token! } });
    expect(kept.cookies.find((cookie) => cookie.name === 'csrf_token')).toBeUndefined();
  });

  it('is Slovak without a choice, whatever the browser prefers, and ignores an unknown cookie', async () => {
    const english = await app.inject({
      url: '/',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.body).toContain('<html lang="sk"');
    const bogus = await app.inject({ url: '/', headers: { cookie: 'lang=xx"><script>' } });
    expect(bogus.body).toContain('<html lang="sk"');
  });

  it('answers an unknown page with 404 and the app, which shows its not-found page', async () => {
    const response = await app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with long caching and never the raw index.html', async () => {
    const asset = await app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/index.html' })).statusCode).toBe(404);
  });
});
