import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { BRAND_COLOURS, PRODUCT_NAME } from '../../../shared/brand';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '../../../shared/languages';
import { offlineTexts } from './push-texts';
import { serviceWorker, type ServiceWorkerConfig } from './service-worker';

/** The icons in public/icons (drawn by scripts/app-icons.mjs). */
const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  badge: '/icons/badge-96.png',
};

/** The web app manifest: what a phone shows when the site is installed (issue 29 §3). */
export const webAppManifest = () => ({
  id: '/',
  name: PRODUCT_NAME,
  short_name: PRODUCT_NAME,
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: BRAND_COLOURS.theme,
  background_color: BRAND_COLOURS.background,
  icons: [
    { src: ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
});

const OFFLINE_STYLE = [
  `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:${BRAND_COLOURS.background};color:${BRAND_COLOURS.text}}`,
  'main{max-width:32rem;margin:0 auto;padding:4rem 1.5rem;text-align:center}',
  'h1{font-size:1.5rem;margin:1.5rem 0 .5rem}p{line-height:1.5}',
  `a{display:inline-flex;min-height:44px;align-items:center;padding:0 1rem;border-radius:.5rem;background:${BRAND_COLOURS.action};color:#fff;font-weight:600;text-decoration:none}`,
  `a:focus-visible{outline:2px solid ${BRAND_COLOURS.theme};outline-offset:2px}`,
].join('');

/**
 * The offline page's own policy: no script at all, its one style sheet by its hash (CSP level 2),
 * nothing loaded from elsewhere.
 */
const offlineCsp = (style: string) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="${BRAND_COLOURS.theme}"/><path d="M18 46V20l14 14 14-14v26" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

export const SERVICE_WORKER_CONFIG: ServiceWorkerConfig = {
  productName: PRODUCT_NAME,
  assetCache: 'majstri-assets-v1',
  assetLimit: 150,
  icon: ICONS.any192,
  badge: ICONS.badge,
  languageCookie: LANGUAGE_COOKIE,
  defaultLanguage: DEFAULT_LANGUAGE,
  offline: offlineTexts(),
  offlineStyle: OFFLINE_STYLE,
  offlineCsp: offlineCsp(OFFLINE_STYLE),
  logo: LOGO,
};

/** The worker's source: its function, called on the worker's global scope with its settings. */
export const serviceWorkerScript = (config: ServiceWorkerConfig = SERVICE_WORKER_CONFIG) =>
  `'use strict';\n(${serviceWorker.toString()})(self, ${JSON.stringify(config)});\n`;

/**
 * `/manifest.webmanifest` and `/sw.js`, at the site's root (outside the /api scope, with the
 * pages' security headers: the worker runs under the same strict CSP). The worker is served from
 * the root so that its scope is the whole site, and is never kept long in a cache: a deploy's new
 * worker must reach every browser at its next visit (browsers also check for one at least daily).
 * Nothing registers it here: the browser app does.
 */
export const installableAppRoutes: FastifyPluginAsync = async (app) => {
  const manifest = JSON.stringify(webAppManifest());
  const script = serviceWorkerScript();
  const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;

  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(manifest),
  );

  app.get('/sw.js', async (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(script);
  });
};
