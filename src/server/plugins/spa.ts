import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { CsrfIssuer } from './csrf';
import { sendError } from './errors';
import { isPagePath } from '../../shared/routes';
import { compressText } from '../compress-text';
import { withPageHead, type PageHeadFor } from '../page-head';
import type { RenderPage } from '../render/page-renderer';

/**
 * Serves the built browser app: hashed assets with long caching, and index.html for every
 * page path, with <html lang>, title, description and canonical link set for the page and the
 * person's language (page-head.ts) so the first paint and crawlers see them.
 * Unknown page paths answer 404 with the app, which shows its not-found page; other unknown
 * requests answer 404 JSON.
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string | undefined,
  publicUrl: string,
  /** Hands the browser its CSRF token with the page (csrf.ts). */
  issueCsrf: CsrfIssuer,
  /** Server rendering of the public pages (render/page-renderer.ts); without it, none. */
  renderPage?: RenderPage,
  /** Heads of pages titled by their address (page-head.ts). */
  headFor?: PageHeadFor,
) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml =
    indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the text assets (scripts/compress-assets.mjs).
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html',
      // The server writes these itself (features/seo); a copy left in an older build must not clash.
      globIgnore: ['robots.txt', 'sitemap.xml'],
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // Whatever reaches this handler matched no route, API or page: the API's own not-found answer
  // belongs to its scope (request-chain.ts), so no guess from the raw path is needed here.
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !indexHtml) {
      return sendError(reply, request, { error: 'not_found', message: 'Not found.' });
    }
    const own = await headFor?.(pathname, new URLSearchParams(query), request.language);
    const page = withPageHead(indexHtml, { pathname, language: request.language, publicUrl }, own);
    const rendered = request.method === 'GET' ? await renderPage?.(request, page) : undefined;
    const { body, encoding } = await compressText(
      rendered ?? page,
      request.headers['accept-encoding'],
    );
    if (encoding) reply.header('Content-Encoding', encoding);
    issueCsrf(request, reply);
    return (
      reply
        .status(isPagePath(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Vary', 'Accept-Encoding')
        // A rendered page may hold what only its signed-in viewer may see.
        .header('Cache-Control', rendered ? 'private, no-cache' : 'no-cache')
        .send(body)
    );
  });
}
