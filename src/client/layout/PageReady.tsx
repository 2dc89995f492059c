import { useEffect } from 'react';

/**
 * Marks the document `data-ready` once the routed page has come to life. It sits in the same
 * Suspense as the page, so its effect runs only when the page's code has loaded and the server's
 * HTML is hydrated (or drawn): from then on, a click or a key is the app's. The browser journeys
 * wait for it after each page load (tests/e2e/browser.ts).
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}
