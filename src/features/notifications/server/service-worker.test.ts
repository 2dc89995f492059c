import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SERVICE_WORKER_CONFIG, serviceWorkerScript } from './installable-app.routes';

/**
 * The service worker as the browser runs it: the very script /sw.js serves, evaluated on a
 * worker scope of its own (node:vm) with a browser's parts — notifications, windows, caches and
 * the network — made in memory. issue 29 §3: it shows a push, opens its link on a click, gives
 * an offline page for navigations and keeps the hashed assets.
 */
const ORIGIN = 'https://majstri.example';

type Listener = (event: Record<string, unknown>) => void;

function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    const key = (request: Request | string) =>
      typeof request === 'string' ? request : request.url;
    return {
      match: async (request: Request) => store.get(key(request))?.clone(),
      put: async (request: Request, response: Response) => void store.set(key(request), response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: Request | string) => store.delete(key(request)),
    };
  };
  return {
    stores,
    storage: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

function startWorker(options: { languages?: string[]; cookie?: string; windows?: string[] } = {}) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const fetched: string[] = [];
  let online = true;
  const caches = memoryCaches();
  const scope = {
    location: { origin: ORIGIN },
    navigator: { languages: options.languages ?? ['en-US'] },
    ...(options.cookie !== undefined
      ? {
          cookieStore: {
            get: async (name: string) => (name === 'lang' ? { value: options.cookie } : null),
          },
        }
      : {}),
    registration: {
      showNotification: async (title: string, shownOptions: Record<string, unknown>) =>
        void shown.push({ title, options: shownOptions }),
    },
    clients: {
      matchAll: async () =>
        (options.windows ?? []).map((url) => ({
          url,
          focus: async () => void focused.push(url),
        })),
      openWindow: async (url: string) => void opened.push(url),
      claim: async () => undefined,
    },
    caches: caches.storage,
    fetch: async (request: Request) => {
      fetched.push(request.url);
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(`body of ${request.url}`, { status: 200 });
    },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  vm.runInNewContext(serviceWorkerScript(), { self: scope, URL, Request, Response });

  /** Dispatches an event and waits for what the worker said it would finish. */
  async function dispatch(type: string, event: Record<string, unknown> = {}) {
    const pending: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    listeners.get(type)!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
      respondWith: (answer: Response | Promise<Response>) => (response = Promise.resolve(answer)),
    });
    await Promise.all(pending);
    return response && (await response);
  }
  const push = (data: unknown) =>
    dispatch('push', {
      data: {
        json: () => (typeof data === 'string' ? JSON.parse(data) : data),
      },
    });
  const get = (url: string, init?: RequestInit) =>
    dispatch('fetch', { request: new Request(url, init) });
  return {
    shown,
    opened,
    focused,
    fetched,
    caches,
    dispatch,
    push,
    get,
    goOffline: () => (online = false),
    /** A navigation: Node's Request cannot be made with mode "navigate", so it is given beside. */
    async navigate(url: string) {
      const request = new Request(url);
      Object.defineProperty(request, 'mode', { value: 'navigate' });
      return dispatch('fetch', { request });
    },
  };
}

describe('a push', () => {
  it('is shown as a notification with the text it brought and the product’s icons', async () => {
    const worker = startWorker();
    await worker.push({
      title: 'Nová ponuka',
      body: 'Na vašu požiadavku „Oprava strechy“ prišla nová ponuka.',
      link: '/request/abc',
      tag: 'notification-7',
    });
    expect(worker.shown).toEqual([
      {
        title: 'Nová ponuka',
        options: {
          body: 'Na vašu požiadavku „Oprava strechy“ prišla nová ponuka.',
          tag: 'notification-7',
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          data: { link: `${ORIGIN}/request/abc` },
        },
      },
    ]);
  });

  it('still shows something for a push it cannot read, and never a link to another site', async () => {
    const worker = startWorker();
    await worker.dispatch('push', { data: null });
    await worker.push({ title: 'Ahoj', link: 'https://evil.example/phish' });
    expect(worker.shown.map((n) => [n.title, (n.options.data as { link: string }).link])).toEqual([
      ['Majstri', `${ORIGIN}/`],
      ['Ahoj', `${ORIGIN}/`],
    ]);
  });
});

describe('a click on a notification', () => {
  const click = (link: string) => ({
    notification: { data: { link }, close: () => undefined },
  });

  it('brings a window already open at its page to the front', async () => {
    const worker = startWorker({ windows: [`${ORIGIN}/`, `${ORIGIN}/request/abc`] });
    await worker.dispatch('notificationclick', click(`${ORIGIN}/request/abc`));
    expect(worker.focused).toEqual([`${ORIGIN}/request/abc`]);
    expect(worker.opened).toEqual([]);
  });

  it('opens its page in a new window otherwise, leaving open pages as they are', async () => {
    const worker = startWorker({ windows: [`${ORIGIN}/request/xyz/bid`] });
    await worker.dispatch('notificationclick', click(`${ORIGIN}/request/abc`));
    expect(worker.opened).toEqual([`${ORIGIN}/request/abc`]);
    expect(worker.focused).toEqual([]);
  });
});

describe('without a network', () => {
  it('passes navigations through while online', async () => {
    const worker = startWorker();
    const page = await worker.navigate(`${ORIGIN}/browse`);
    expect(await page!.text()).toBe(`body of ${ORIGIN}/browse`);
  });

  it('answers a navigation with the offline page in the site’s language, under a strict CSP', async () => {
    const worker = startWorker({ cookie: 'uk', languages: ['en-US'] });
    worker.goOffline();
    const page = (await worker.navigate(`${ORIGIN}/request/abc`))!;
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('<html lang="uk">');
    expect(html).toContain('Ви офлайн');
    expect(html).toContain('Спробувати ще раз');
    expect(html).not.toMatch(/<script/i);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
  });

  it('takes the browser’s language where the cookie cannot be read, else Slovak', async () => {
    const czech = startWorker({ languages: ['de-DE', 'cs-CZ'] });
    czech.goOffline();
    expect(await (await czech.navigate(`${ORIGIN}/`))!.text()).toContain('Jste offline');
    const other = startWorker({ languages: ['de-DE'] });
    other.goOffline();
    expect(await (await other.navigate(`${ORIGIN}/`))!.text()).toContain('Ste offline');
  });
});

describe('the hashed assets', () => {
  it('are fetched once and then served from the cache, even offline', async () => {
    const worker = startWorker();
    const asset = `${ORIGIN}/assets/index-A1b2C3.js`;
    expect(await (await worker.get(asset))!.text()).toBe(`body of ${asset}`);
    worker.goOffline();
    expect(await (await worker.get(asset))!.text()).toBe(`body of ${asset}`);
    expect(worker.fetched).toEqual([asset]);
  });

  it('keeps a bounded number, dropping the oldest', async () => {
    const worker = startWorker();
    const limit = SERVICE_WORKER_CONFIG.assetLimit;
    for (let i = 0; i <= limit; i++) await worker.get(`${ORIGIN}/assets/chunk-${i}.js`);
    const kept = worker.caches.stores.get(SERVICE_WORKER_CONFIG.assetCache)!;
    expect(kept.size).toBe(limit);
    expect(kept.has(`${ORIGIN}/assets/chunk-0.js`)).toBe(false);
  });

  it('leaves the API, other sites and writes to the network', async () => {
    const worker = startWorker();
    expect(await worker.get(`${ORIGIN}/api/notifications`)).toBeUndefined();
    expect(await worker.get('https://cdn.example/assets/x.js')).toBeUndefined();
    expect(
      await worker.get(`${ORIGIN}/assets/x.js`, { method: 'POST', body: 'x' }),
    ).toBeUndefined();
  });

  it('drops the caches of an older worker when the new one takes over', async () => {
    const worker = startWorker();
    await worker.caches.storage.open('majstri-assets-v0');
    await worker.caches.storage.open(SERVICE_WORKER_CONFIG.assetCache);
    await worker.dispatch('activate');
    expect([...worker.caches.stores.keys()]).toEqual([SERVICE_WORKER_CONFIG.assetCache]);
  });
});
