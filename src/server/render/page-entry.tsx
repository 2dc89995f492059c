/**
 * The server's React render of a public page (home, browse, a request, a provider): the app's
 * own providers and routes (src/client) under a StaticRouter, with a per-request set of texts
 * (src/client/i18n/translator.ts) in the visitor's language and the query data the server
 * fetched through the features' services (page-data.ts). Built by Vite (`vite build --ssr`, see package.json) into
 * dist/ssr/page-entry.js, which the server loads (page-renderer.ts).
 */
import { dehydrate, type QueryKey } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders, makeQueryClient } from '../../client/app-providers';
import { I18nProvider } from '../../client/i18n/react';
import { Translator } from '../../client/i18n/translator';
import { ServerConsentContext } from '../../client/layout/cookie-consent';
import { AppRoutes } from '../../client/router';
import type { Language } from '../../shared/languages';
import type { PageState } from '../../shared/page-state';

type Texts = Record<string, Record<string, unknown>>;

const localeFiles = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/*.json', '!../../locales/*/mail.json'],
  { import: 'default' },
);

const loadedTexts = new Map<Language, Promise<Texts>>();

/** Every namespace of a language, as the browser would load them one by one; read once. */
function textsOf(language: Language): Promise<Texts> {
  let texts = loadedTexts.get(language);
  if (!texts) {
    const files = Object.entries(localeFiles).flatMap(([file, load]) => {
      const match = /\/locales\/([a-z]+)\/([\w-]+)\.json$/.exec(file);
      return match?.[1] === language ? [[match[2]!, load] as const] : [];
    });
    texts = Promise.all(files.map(async ([ns, load]) => [ns, await load()] as const)).then(
      (loaded) => Object.fromEntries(loaded),
    );
    loadedTexts.set(language, texts);
  }
  return texts;
}

export interface RenderInput {
  /** Path and query, as the browser asked. */
  url: string;
  language: Language;
  /** Query entries the page renders with, under the keys the browser's hooks use. */
  queries: { queryKey: QueryKey; data: unknown }[];
  cookieConsent: boolean;
  /** The render is given up after this long. */
  timeoutMs: number;
}

export interface RenderOutput {
  html: string;
  state: PageState;
}

export async function renderPage(input: RenderInput): Promise<RenderOutput> {
  const texts = await textsOf(input.language);
  const i18n = new Translator({ language: input.language, resources: texts });

  const queryClient = makeQueryClient();
  for (const { queryKey, data } of input.queries) queryClient.setQueryData(queryKey, data);

  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <I18nProvider i18n={i18n}>
      <ServerConsentContext value={input.cookieConsent}>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={input.url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ServerConsentContext>
    </I18nProvider>,
    {
      signal: AbortSignal.timeout(input.timeoutMs),
      onError: (error) => void errors.push(error),
      // React writes a large finished boundary after its fallback, to be swapped in by an inline
      // script that our CSP refuses: every boundary stays in place instead.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const html = await new Response(prelude).text();
  // A part that failed would be drawn by the browser alone: the page is rendered there instead.
  if (errors.length > 0) throw errors[0];

  // Only the texts this render used travel with the page (useTranslation notes each namespace).
  const used = new Set(i18n.usedNamespaces());
  return {
    html,
    state: {
      language: input.language,
      texts: Object.fromEntries(Object.entries(texts).filter(([ns]) => used.has(ns))),
      queries: dehydrate(queryClient),
    },
  };
}
