/**
 * The app's one service worker (push, notification clicks, the offline page, hashed assets),
 * served by the server at /sw.js with the whole site as its scope (docs/notifications.md).
 */
export const SERVICE_WORKER_URL = '/sw.js';

export const serviceWorkerSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the worker (the same registration when it already is) and waits until it runs. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * Registers the worker once the page has loaded and the browser is idle, in the built app only:
 * in development Vite serves modules that a worker's cache must not keep. Installing it fetches
 * and keeps assets, which must not compete with a phone's first interaction. A browser without
 * service workers, or one that refuses (a private window), simply goes without: nothing of the
 * page depends on it.
 */
export function registerServiceWorkerOnLoad(): void {
  if (!import.meta.env.PROD || !serviceWorkerSupported()) return;
  const register = () => void registerServiceWorker().catch(() => undefined);
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 10_000 })
      : setTimeout(register, 3_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
