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
 * Registers the worker once the page has loaded, in the built app only: in development Vite
 * serves modules that a worker's cache must not keep. A browser without service workers, or one
 * that refuses (a private window), simply goes without: nothing of the page depends on it.
 */
export function registerServiceWorkerOnLoad(): void {
  if (!import.meta.env.PROD || !serviceWorkerSupported()) return;
  const register = () => void registerServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
