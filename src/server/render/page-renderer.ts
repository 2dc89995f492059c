import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../features/accounts/server/session-cookies';
import { findSessionUser } from '../../features/accounts/server/sessions';
import { consentCookieSet } from '../../shared/cookie-consent';
import { PAGE_STATE_ID, jsonForScript } from '../../shared/page-state';
import {
  needsSignIn,
  pageData,
  renderedPageOf,
  type PageDataDeps,
  type RenderedPage,
} from './page-data';
import { deferCode } from './deferred-code';
import type { RenderInput, RenderOutput } from './page-entry';

/** A render that takes longer than this is given up: the page renders in the browser instead. */
const RENDER_TIMEOUT_MS = 5_000;

/** The code each rendered page runs besides the entry, fetched at once instead of after the entry. */
const PAGE_MODULES: Record<RenderedPage['kind'], string[]> = {
  home: ['src/features/home/ui/HomeSections.tsx'],
  browse: ['src/features/requests/ui/BrowsePage.tsx'],
  request: ['src/features/requests/ui/RequestDetailsPage.tsx'],
  provider: ['src/features/providers/ui/ProviderPage.tsx'],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** `<link rel="modulepreload">` for a page's own chunks that index.html does not already name. */
function preloadLinks(clientDir: string) {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : {};
  const files = (roots: string[], skip: Set<string>) => {
    const found = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || skip.has(chunk.file) || found.has(chunk.file)) return;
      found.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    roots.forEach(visit);
    return found;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByIndex = files(entries, new Set());
  return Object.fromEntries(
    Object.entries(PAGE_MODULES).map(([kind, modules]) => [
      kind,
      [...files(modules, loadedByIndex)]
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
    ]),
  ) as Record<RenderedPage['kind'], string>;
}

export type RenderPage = (request: FastifyRequest, pageHtml: string) => Promise<string | undefined>;

/**
 * Server rendering of the public pages (home, browse, a request, a provider): the page's HTML
 * from React's own renderer with the app's routes (page-entry.tsx, built into dist/ssr), its
 * state for hydrating, and preloads of its code, written into the page (index.html with its
 * head). Undefined when there is nothing to render with (no server build: the dev server, tests
 * without a build), and for a page it does not render; a render that fails is logged and the
 * page is answered as before, rendered in the browser.
 */
export function pageRenderer(deps: PageDataDeps & { clientDir: string }): RenderPage | undefined {
  const entryFile = path.join(deps.clientDir, '..', 'ssr', 'page-entry.js');
  if (!fs.existsSync(entryFile)) return undefined;
  let entry: Promise<{ renderPage(input: RenderInput): Promise<RenderOutput> }> | undefined;
  const load = () => (entry ??= import(pathToFileURL(entryFile).href));
  // Loaded at start, so the first visitor does not wait for half a megabyte of code to compile;
  // a failure here is met again, and logged, by the first render.
  load().catch(() => undefined);
  const dataOf = pageData(deps);
  const preloads = preloadLinks(deps.clientDir);

  return async (request, pageHtml) => {
    // Joined, not resolved: `//browse` must stay a path (an unknown page), not become a host.
    const url = new URL(`http://page${request.url}`);
    const page = renderedPageOf(url.pathname);
    if (!page) return undefined;
    try {
      const viewer = await findSessionUser(deps.ctx.db, request.cookies[SESSION_COOKIE]);
      // A visitor is sent home from these pages by the browser, with its notice.
      if (needsSignIn(page) && !viewer) return undefined;
      const queries = await dataOf(page, viewer, url.searchParams, request.language);
      const { renderPage } = await load();
      const { html, state } = await renderPage({
        url: `${url.pathname}${url.search}`,
        language: request.language,
        queries,
        cookieConsent: consentCookieSet(request.headers.cookie ?? ''),
        timeoutMs: RENDER_TIMEOUT_MS,
      });
      // Replacer functions: the page's text may hold `$&` and the like.
      // The code moves out of the way before the page's own text goes in (deferred-code.ts).
      return deferCode(pageHtml.replace('</head>', () => `${preloads[page.kind]}</head>`)).replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${html}</div><script type="application/json" id="${PAGE_STATE_ID}">${jsonForScript(state)}</script>`,
      );
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed: the page renders in the browser');
      return undefined;
    }
  };
}
