import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { buildApp, type App } from './app';
import { z } from 'zod';
import { DOCS_PATH, fileResponse, OPENAPI_PATH } from './openapi';

interface ApiRoute {
  /** "GET /api/users/profile" */
  key: string;
  method: string;
  url: string;
  route: RouteOptions;
}

let database: TestDatabase;
let app: App;
const routes: ApiRoute[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    db: database.db,
    // Google's routes exist only when it is configured; nothing is fetched until a sign-in starts.
    google: { clientId: 'client', clientSecret: 'secret', issuerUrl: 'http://127.0.0.1:9' },
    onRoute: (route) => {
      // The documentation page's own files are not part of the API it describes.
      if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PATH)) return;
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD twin of every GET, with the same schema.
        if (method === 'HEAD') continue;
        routes.push({ key: `${method} ${route.url}`, method, url: route.url, route });
      }
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('every API route is described', () => {
  it('sees the routes of every feature', () => {
    const keys = routes.map((route) => route.key);
    expect(keys).toContain('GET /api/health');
    expect(keys).toContain('GET /api/auth/google/callback');
    expect(keys).toContain('POST /api/contact');
    expect(keys).toContain('POST /api/bids');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('declares the responses of every route (a route without them can leak fields)', () => {
    const missing = routes
      .filter(({ route }) => Object.keys(route.schema?.response ?? {}).length === 0)
      .map((route) => route.key);
    expect(missing).toEqual([]);
  });

  it('hides no API route from the document', () => {
    expect(routes.filter(({ route }) => route.schema?.hide).map((route) => route.key)).toEqual([]);
  });

  it('documents every route with its parameters, query, body and responses', async () => {
    const response = await app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const { key, method, url, route } of routes) {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
      for (const name of url.match(/:(\w+)/g) ?? []) {
        expect(parameters, `${key} ${name}`).toContainEqual(
          expect.objectContaining({ in: 'path', name: name.slice(1) }),
        );
      }
      if (route.schema?.querystring) {
        expect(parameters.some((parameter) => parameter.in === 'query')).toBe(true);
      }
      if (route.schema?.body || route.schema?.documentedBody) {
        expect(operation.requestBody, key).toBeDefined();
      }
      for (const status of Object.keys(route.schema?.response ?? {})) {
        expect(operation.responses[status], `${key} ${status}`).toBeDefined();
      }
      expect(operation.responses.default.content['application/json'].schema.properties).toEqual(
        expect.objectContaining({ error: expect.anything(), request_id: expect.anything() }),
      );
    }
  });

  it('shows the multipart profile form, picture included', async () => {
    const document = (await app.inject({ url: OPENAPI_PATH })).json();
    const content = document.paths['/api/users/profile'].put.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(JSON.stringify(content['multipart/form-data'])).toContain('profile_picture');
  });
});

describe('fileResponse', () => {
  it('describes a file answer as binary content of its media types', () => {
    const response = fileResponse('The picture', ['image/jpeg', 'image/png']);
    expect(response.description).toBe('The picture');
    expect(Object.keys(response.content)).toEqual(['image/jpeg', 'image/png']);
    const schema = response.content['image/jpeg']!.schema;
    expect(z.toJSONSchema(schema, { unrepresentable: 'any' })).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(schema.safeParse(Buffer.from('x')).success).toBe(true);
    expect(schema.safeParse({ not: 'a file' }).success).toBe(false);
  });
});

describe('the documentation page', () => {
  it('runs under the strict CSP: only script and style files, no inline code', async () => {
    const page = await app.inject({ url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    const html = page.body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);

    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toContain(`${DOCS_PATH}/static/swagger-initializer.js`);
    for (const asset of assets) {
      expect((await app.inject({ url: asset })).statusCode, asset).toBe(200);
    }
  });

  it("hands a new browser its CSRF token, as the app's pages do, and its files do not", async () => {
    const page = await app.inject({ url: DOCS_PATH });
    expect(page.cookies.find((cookie) => cookie.name === 'csrf_token')?.value).toMatch(/\./);
    const script = await app.inject({ url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(script.cookies.find((cookie) => cookie.name === 'csrf_token')).toBeUndefined();
    const document = await app.inject({ url: OPENAPI_PATH });
    expect(document.cookies.find((cookie) => cookie.name === 'csrf_token')).toBeUndefined();
  });

  it('reads the same document as /api/openapi.json', async () => {
    const viaPage = await app.inject({ url: `${DOCS_PATH}/json` });
    expect(viaPage.json()).toEqual((await app.inject({ url: OPENAPI_PATH })).json());
  });
});
