import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import {
  baseUrl,
  freshVisit,
  launchBrowser,
  logIn,
  postRequestFrom,
  seriousViolations,
  text,
  untilHydrated,
  useLanguage,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);

/** The bell's accessible name for `count` unread, as the header must say it in `language`. */
function bellName(count: number, language = 'sk') {
  if (count === 0) return text(language, 'common', 'nav.notifications');
  const form = new Intl.PluralRules(language).select(count);
  return text(language, 'common', `nav.notificationsUnread_${form}`).replace(
    '{{count}}',
    String(count),
  );
}

const bell = (page: Page) => page.getByRole('banner').locator('a[href="/notifications"]');

/** The person's unread count as the server has it now. */
const unreadNow = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/notifications?page=1&limit=1');
    return ((await answer.json()) as { unread_count: number }).unread_count;
  });

/** Opens `path` and answers once the page's live stream is open (its headers have arrived). */
async function openLive(page: Page, path: string) {
  const live = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/live' && answer.status() === 200,
  );
  await page.goto(path);
  await live;
}

/** A bid from a signed-in provider's page, through the API as the bid form sends it. */
function bidFrom(page: Page, workRequestId: string, amount: number, description: string) {
  return page.evaluate(
    async (bid) => {
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
      const answer = await fetch('/api/bids', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(bid),
      });
      if (answer.status !== 201) throw new Error(`bid refused: ${await answer.text()}`);
    },
    { work_request_id: workRequestId, amount, description },
  );
}

const marked = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => 'sameDocument' in window);

describe('notifications in the browser', () => {
  it('shows a new bid on the open request page and in the bell without a reload, then the acceptance on the provider’s page; the inbox opens and reads them', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Peter Inštalatér');
    const title = `Oprava kohútika ${Math.random().toString(36).slice(2, 8)}`;
    const description = 'Kohútik vymením zajtra ráno, tesnenia prinesiem.';

    // The client posts a request and keeps its page open.
    const c = await freshVisit(browser);
    await logIn(c.page, client.email, client.password);
    const requestId = await postRequestFrom(c.page, {
      title,
      description: 'Kvapká kohútik v kuchyni, treba vymeniť tesnenie alebo celý kohútik.',
      category: 'plumbing',
      location: 'Trnava',
    });
    await openLive(c.page, `/request/${requestId}`);
    const before = await unreadNow(c.page);
    await expect.poll(() => bell(c.page).getAttribute('aria-label')).toBe(bellName(before));
    await marked(c.page);

    // A provider bids from another browser.
    const p = await freshVisit(browser);
    await logIn(p.page, provider.email, provider.password);
    await bidFrom(p.page, requestId, 89.5, description);

    // The bid and the bell's count appear on the client's page by themselves.
    await expect.poll(() => c.page.getByText(description).count()).toBe(1);
    await expect.poll(() => bell(c.page).getAttribute('aria-label')).toBe(bellName(before + 1));
    expect(await sameDocument(c.page)).toBe(true);

    // The provider keeps the request open; the client accepts the bid.
    await openLive(p.page, `/request/${requestId}`);
    const providerBefore = await unreadNow(p.page);
    await marked(p.page);
    await c.page.getByRole('button', { name: sk('bids', 'accept.button') }).click();
    await c.page
      .getByRole('dialog')
      .getByRole('button', { name: sk('bids', 'accept.confirm') })
      .click();

    // The provider's page shows the acceptance (the client's contact, the status) and the bell.
    const clientCard = p.page.getByRole('region', { name: sk('bids', 'contact.client') });
    await expect.poll(() => clientCard.textContent()).toContain(client.email);
    // The status comes with the bids' own answer, which may arrive after the contact's.
    await expect
      .poll(() => p.page.getByText(sk('bids', 'status.accepted'), { exact: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => bell(p.page).getAttribute('aria-label'))
      .toBe(bellName(providerBefore + 1));
    expect(await sameDocument(p.page)).toBe(true);

    // The provider opens the inbox from the bell: the acceptance, named by the request's title.
    await bell(p.page).click();
    await p.page.waitForURL((url) => url.pathname === '/notifications');
    const accepted = sk('notifications', 'types.bid_accepted.text').replace('{{title}}', title);
    await expect.poll(() => p.page.getByText(accepted).count()).toBe(1);
    expect(await seriousViolations(p.page)).toEqual([]);

    // Opening it goes to the request and marks it read.
    await p.page
      .getByRole('link', { name: sk('notifications', 'types.bid_accepted.title'), exact: true })
      .click();
    await p.page.waitForURL((url) => url.pathname === `/request/${requestId}`);
    await expect.poll(() => bell(p.page).getAttribute('aria-label')).toBe(bellName(providerBefore));

    // The client reads everything at once.
    await bell(c.page).click();
    await c.page.waitForURL((url) => url.pathname === '/notifications');
    const received = sk('notifications', 'types.bid_received.text').replace('{{title}}', title);
    await expect.poll(() => c.page.getByText(received).count()).toBe(1);
    await c.page.getByRole('button', { name: sk('notifications', 'markAll') }).click();
    await expect.poll(() => bell(c.page).getAttribute('aria-label')).toBe(bellName(0));
    await expect.poll(() => c.page.getByText(sk('notifications', 'allRead')).count()).toBe(1);
    // The page says so at once; the server's count follows when its write has landed.
    await expect.poll(() => unreadNow(c.page)).toBe(0);

    await c.context.close();
    await p.context.close();
  });

  it('registers the service worker for the whole site and links the manifest', async () => {
    const { page, context, problems } = await freshVisit(browser, { serviceWorkers: 'allow' });
    await page.goto('/');
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return undefined;
      const answer = await fetch(link.href);
      return {
        path: new URL(link.href).pathname,
        status: answer.status,
        body: await answer.json(),
      };
    });
    expect(manifest).toMatchObject({
      path: '/manifest.webmanifest',
      status: 200,
      body: { start_url: '/', display: 'standalone' },
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          return registration?.active
            ? { scope: registration.scope, script: registration.active.scriptURL }
            : null;
        }),
      )
      .toEqual({ scope: `${baseUrl()}/`, script: `${baseUrl()}/sw.js` });
    // The worker takes the page over, and the page goes on working under it.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseUrl()}/sw.js`,
    );
    await untilHydrated(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits the inbox on a 360 px phone in Russian', async () => {
    const client = await verifiedAccount('client', 'Александра Константинопольская');
    const provider = await verifiedAccount('provider', 'Сантехнические работы Великоморавские');
    const title =
      'Замена смесителя, сифона и всех гибких подводок в ванной комнате на втором этаже';

    const c = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(c.page, client.email, client.password);
    const requestId = await postRequestFrom(c.page, {
      title,
      description: 'Течёт смеситель в ванной, нужно заменить его вместе с сифоном и подводками.',
      category: 'plumbing',
      location: 'Нове-Место-над-Вагом',
    });
    const p = await freshVisit(browser);
    await logIn(p.page, provider.email, provider.password);
    await bidFrom(p.page, requestId, 1234.5, 'Заменю смеситель за два дня, материал привезу сам.');
    await p.context.close();

    await untilHydrated(c.page);
    await useLanguage(c.page, 'ru');
    await c.page.goto('/notifications');
    await expect.poll(() => c.page.locator('html').getAttribute('lang')).toBe('ru');
    const received = text('ru', 'notifications', 'types.bid_received.text').replace(
      '{{title}}',
      title,
    );
    await expect.poll(() => c.page.getByText(received).count()).toBe(1);
    expect(await bell(c.page).getAttribute('aria-label')).toMatch(/^Уведомления: \d+ /);

    const overflow = await c.page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const cut = [
        ...document.querySelectorAll<HTMLElement>('main a, main button, main h1, main p, header a'),
      ]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > width + 1);
        })
        .map((element) => element.textContent?.trim().slice(0, 30));
      return { extra: document.documentElement.scrollWidth - width, cut };
    });
    expect(overflow).toEqual({ extra: 0, cut: [] });
    await c.context.close();
  });
});
