import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, makeQueryClient } from './app-providers';
import { setupI18n } from './i18n/i18n';
import { I18nProvider } from './i18n/react';
import { AppRoutes } from './router';
import { registerServiceWorkerOnLoad } from './service-worker';
import { PAGE_STATE_ID, type PageState } from '../shared/page-state';
import './styles.css';

/** The server rendered this page (home, browse, a request, a provider) and left its state here. */
function serverState(): PageState | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return undefined;
  }
}

const state = serverState();
const queryClient = makeQueryClient();
if (state) hydrate(queryClient, state.queries as Parameters<typeof hydrate>[1]);
const i18n = await setupI18n(state && { language: state.language, texts: state.texts });

const app = (
  <I18nProvider i18n={i18n}>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </I18nProvider>
);
const root = document.getElementById('root')!;
// The server's HTML is kept and brought to life; other pages are drawn here from nothing.
// As a transition, hydration works in short slices and yields between them, so a tap or a
// scroll on the already readable page is answered at once instead of after the whole tree.
if (state) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
registerServiceWorkerOnLoad();
