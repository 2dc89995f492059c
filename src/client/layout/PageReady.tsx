import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Marks the document `data-ready` once the routed page has come to life, and `data-page` with the
 * address of the page on screen. It sits in the same Suspense as the page, so its effects run only
 * when the page's code has loaded and the server's HTML is hydrated (or drawn): from then on, a
 * click or a key is the app's. The router draws a new page in a transition, keeping the old one
 * until the new one is ready; `data-page` changes when the new one is shown. The browser journeys
 * wait for both (tests/e2e/browser.ts, tests/e2e/phone-widths.ts).
 */
export function PageReady() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  useEffect(() => {
    document.documentElement.dataset.page = pathname + search;
  }, [pathname, search]);
  return null;
}
