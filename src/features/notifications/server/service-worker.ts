/**
 * The installable app's one service worker (issue 29 §3), served at /sw.js with scope `/`
 * (installable-app.routes.ts). It shows a push as a notification, opens the notification's page
 * on a click, answers a navigation with an offline page when the network is gone, and keeps the
 * hashed assets (`/assets/*`, immutable) in a cache of its own.
 *
 * `serviceWorker` is sent to the browser as its source text with its configuration
 * (`serviceWorkerScript`), so it must stand alone: it uses nothing of this module but its
 * parameters. The types below describe the little of the worker's global scope it uses (the
 * WebWorker library cannot sit beside the DOM one in one program).
 */

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: { data: unknown; close(): void };
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
}

export interface WorkerScope {
  location: { origin: string };
  navigator: { languages?: readonly string[] };
  /** Chromium's and Safari's: the `lang` cookie, which the page's own language follows. */
  cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
  registration: {
    showNotification(
      title: string,
      options: {
        body: string;
        tag: string;
        icon: string;
        badge: string;
        data: { link: string };
      },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  caches: CacheStorage;
  fetch(request: Request): Promise<Response>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEvent) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

export interface OfflineTexts {
  title: string;
  heading: string;
  text: string;
  retry: string;
}

export interface ServiceWorkerConfig {
  productName: string;
  /** The cache of hashed assets; a new name drops the old cache when the new worker activates. */
  assetCache: string;
  /** How many assets it keeps at most: the oldest go first (a deploy brings new names). */
  assetLimit: number;
  icon: string;
  badge: string;
  languageCookie: string;
  defaultLanguage: string;
  /** The offline page's texts per language. */
  offline: Record<string, OfflineTexts>;
  /** The offline page's one style sheet, allowed by its hash in the page's own CSP. */
  offlineStyle: string;
  offlineCsp: string;
  /** The brand mark, drawn with attributes only. */
  logo: string;
}

export function serviceWorker(scope: WorkerScope, config: ServiceWorkerConfig): void {
  const origin = scope.location.origin;

  scope.addEventListener('install', (event) => {
    event.waitUntil(scope.skipWaiting());
  });

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await scope.caches.keys()) {
          if (name !== config.assetCache) await scope.caches.delete(name);
        }
        await scope.clients.claim();
      })(),
    );
  });

  /** A path of this site; anything else opens the start page. */
  const sameSite = (link: unknown): string => {
    if (typeof link !== 'string') return `${origin}/`;
    try {
      const url = new URL(link, origin);
      return url.origin === origin ? url.href : `${origin}/`;
    } catch {
      return `${origin}/`;
    }
  };

  // The text arrives written in its reader's language; a push without one still shows a
  // notification (browsers demand one for every push).
  scope.addEventListener('push', (event) => {
    let message: Record<string, unknown> = {};
    try {
      const data = event.data?.json();
      if (data && typeof data === 'object') message = data as Record<string, unknown>;
    } catch {
      // not JSON: the product's name alone
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    event.waitUntil(
      scope.registration.showNotification(text(message.title) || config.productName, {
        body: text(message.body),
        tag: text(message.tag) || 'majstri',
        icon: config.icon,
        badge: config.badge,
        data: { link: sameSite(message.link) },
      }),
    );
  });

  // A page already open at the link comes to the front; otherwise the link opens in a new
  // window, so that no open page (a half-written bid) is navigated away from.
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { link?: unknown } | null;
    const link = sameSite(data?.link);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url === link);
        if (open) return open.focus();
        return scope.clients.openWindow(link);
      })(),
    );
  });

  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The person's language: the site's cookie where the worker can read it, else the browser's. */
  const language = async (): Promise<string> => {
    try {
      const cookie = await scope.cookieStore?.get(config.languageCookie);
      if (cookie && config.offline[cookie.value]) return cookie.value;
    } catch {
      // no cookie store here
    }
    for (const tag of scope.navigator.languages ?? []) {
      const primary = tag.toLowerCase().split('-')[0] ?? '';
      if (config.offline[primary]) return primary;
    }
    return config.defaultLanguage;
  };

  const offlinePage = async (): Promise<Response> => {
    const lang = await language();
    const texts = config.offline[lang] ?? config.offline[config.defaultLanguage]!;
    const html = [
      '<!doctype html>',
      `<html lang="${escape(lang)}">`,
      '<head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escape(`${config.productName} — ${texts.title}`)}</title>`,
      `<style>${config.offlineStyle}</style></head>`,
      `<body><main>${config.logo}<h1>${escape(texts.heading)}</h1>`,
      `<p>${escape(texts.text)}</p><p><a href="">${escape(texts.retry)}</a></p></main></body>`,
      '</html>',
    ].join('\n');
    return new Response(html, {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': config.offlineCsp,
        'Cache-Control': 'no-store',
      },
    });
  };

  /** A hashed asset never changes: from the cache when there, else fetched and kept. */
  const cacheFirst = async (request: Request): Promise<Response> => {
    const cache = await scope.caches.open(config.assetCache);
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await scope.fetch(request);
    if (response.status === 200) {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - config.assetLimit))) {
        await cache.delete(old);
      }
    }
    return response;
  };

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== origin) return;
    if (request.mode === 'navigate') {
      event.respondWith(scope.fetch(request).catch(() => offlinePage()));
    } else if (url.pathname.startsWith('/assets/')) {
      event.respondWith(cacheFirst(request));
    }
  });
}
