import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/languages';
import { PDF, PNG } from '../factories/files';
import { administratorAccount, verifiedAccount } from './accounts-helpers';
import {
  LOADING,
  freshVisit,
  launchBrowser,
  logIn,
  postRequestFrom,
  untilHydrated,
  useLanguage,
} from './browser';

/**
 * Every page, as every role, in every language, on the two phone widths people hold most (360 and
 * 390 px): the document is never wider than the screen and no control or heading is cut off.
 * A new page belongs in `pagesFor` so this journey guards it too. The roles are spread over two
 * journey files (phone-widths-*.test.ts) that run side by side; each makes its own accounts.
 */
const WIDTHS = [360, 390] as const;

type Role = 'visitor' | 'client' | 'provider' | 'administrator';

let browser: Browser;
const accounts: Partial<Record<Exclude<Role, 'visitor'>, { email: string; password: string }>> = {};
let requestId = '';
let providerId = '';
/** A job the provider was hired for and says is done: the request page's end of a job. */
let doneRequestId = '';

/** The client posts, the provider bids, the client hires, the provider says done (the API's way). */
async function hiredAndDone(client: Page, provider: Page): Promise<string> {
  const send = (
    page: Page,
    path: string,
    method: string,
    body: Record<string, unknown> | null,
    form?: Record<string, string>,
  ) =>
    page.evaluate(
      async ({ path, method, body, form }) => {
        const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
        const data = new FormData();
        for (const [key, value] of Object.entries(form ?? {})) data.set(key, value);
        const answer = await fetch(path, {
          method,
          headers: {
            'x-csrf-token': csrf,
            ...(form ? {} : { 'content-type': 'application/json' }),
          },
          body: form ? data : JSON.stringify(body ?? {}),
        });
        if (!answer.ok)
          throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
        return (await answer.json()) as Record<string, { id: string }>;
      },
      { path, method, body, form },
    );
  const posted = await send(client, '/api/work-requests', 'POST', null, {
    title: 'Oprava odtoku vo sprchovacom kúte',
    description: 'Voda zo sprchy odteká pomaly, treba prečistiť alebo vymeniť sifón.',
    category: 'plumbing',
    location: 'Nové Mesto nad Váhom',
  });
  const id = posted.work_request!.id;
  const bid = await send(provider, '/api/bids', 'POST', {
    work_request_id: id,
    amount: 640,
    description: 'Sifón prečistím a tesnenia vymením v jeden deň.',
  });
  await send(client, `/api/bids/${bid.bid!.id}/accept`, 'PATCH', {});
  await send(provider, `/api/work-requests/${id}/done`, 'POST', null, {
    note: 'Sifón je vymenený, voda odteká bez problémov.',
  });
  return id;
}

/** The calling file's browser, accounts, a request with a bid, once before its tests. */
export function setUpPhones(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
    accounts.client = await verifiedAccount('client', 'Alexandra Konstantinopolská');
    accounts.provider = await verifiedAccount('provider', 'Inštalatérstvo Veľkomoravské');
    // Its own administrator: the console's journey switches the shared one's language meanwhile.
    accounts.administrator = await administratorAccount();
    const { page, context } = await freshVisit(browser);
    await logIn(page, accounts.client.email, accounts.client.password);
    requestId = await postRequestFrom(page, {
      title: 'Výmena vodovodnej batérie v kúpeľni',
      description: 'Kvapká batéria v kúpeľni, treba ju vymeniť aj s tesnením a sifónom.',
      category: 'plumbing',
      location: 'Nové Mesto nad Váhom',
    });
    const provider = await freshVisit(browser);
    await logIn(provider.page, accounts.provider.email, accounts.provider.password);
    providerId = await provider.page.evaluate(async (id) => {
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
      await fetch('/api/bids', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({
          work_request_id: id,
          amount: 1234.5,
          description: 'Batériu vymením do dvoch dní, materiál prinesiem so sebou.',
        }),
      });
      const session = (await (await fetch('/api/auth/session')).json()) as { user: { id: string } };
      return session.user.id;
    }, requestId);
    // A certificate waiting for a check: the console's Verifications tab lists it.
    await provider.page.evaluate(async (pdf) => {
      const form = new FormData();
      form.set('kind', 'insurance');
      form.set('claimed_until', new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10));
      const bytes = Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0));
      form.append(
        'file',
        new File([bytes], 'poistna-zmluva-zodpovednost.pdf', { type: 'application/pdf' }),
      );
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
      const answer = await fetch('/api/verifications', {
        method: 'POST',
        headers: { 'x-csrf-token': csrf },
        body: form,
      });
      if (!answer.ok) throw new Error(`verification: ${answer.status} ${await answer.text()}`);
    }, PDF.toString('base64'));
    doneRequestId = await hiredAndDone(page, provider.page);
    // The client keeps the provider, so My profile's Favourites lists someone.
    await page.evaluate(async (id) => {
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
      const answer = await fetch(`/api/me/favourites/${id}`, {
        method: 'PUT',
        headers: { 'x-csrf-token': csrf },
      });
      if (!answer.ok) throw new Error(`favourite: ${answer.status}`);
    }, providerId);
    await provider.context.close();
    await context.close();
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(doneRequestId).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);
  afterAll(async () => browser.close());
}

function pagesFor(role: Role): string[] {
  const everyone = [
    '/',
    '/browse',
    '/browse?q=kúpeľňa',
    '/browse?near=723819&radius_km=40&sort=distance',
    '/providers',
    '/providers?category=plumbing&near=723819&radius_km=40',
    `/request/${requestId}`,
    `/provider/${providerId}`,
    '/contact',
    '/privacy',
    '/verify-email',
    '/password-reset',
    '/no-such-page',
  ];
  // Every signed-in person has an inbox and chooses what it sends them.
  const signedIn = [...everyone, '/notifications', '/profile?tab=notifications'];
  // The job's two sides and administrators see how it ends: done, and the buttons to answer it.
  const party = [...signedIn, `/request/${doneRequestId}`];
  switch (role) {
    case 'visitor':
      return [...everyone, '/auth', '/auth?mode=register'];
    case 'client':
      return [
        ...party,
        '/messages',
        '/create',
        '/profile',
        '/profile?tab=requests',
        '/profile?tab=favourites',
        '/profile?tab=security',
      ];
    case 'provider':
      return [
        ...party,
        '/messages',
        '/profile',
        '/profile?tab=leads',
        '/profile?tab=bids',
        '/profile?tab=security',
      ];
    case 'administrator':
      return [
        ...party,
        '/profile',
        ...[
          'requests',
          'clients',
          'providers',
          'reports',
          'cases',
          'verifications',
          'audits',
          'alerts',
        ].map((tab) => `/admin?tab=${tab}`),
      ];
  }
}

/** What sticks out of the screen: the document's extra width and up to five cut-off elements. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut = [
      ...document.querySelectorAll<HTMLElement>(
        'main a, main button, main input, main select, main textarea, main label, main h1, main h2, main h3, header a, header button, [role=tab]',
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.closest('.sr-only')) return false;
        // A text field scrolls its own text; any other control must show all of it.
        const clipped =
          !element.matches('input, textarea') &&
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== 'visible';
        return box.left < -1 || box.right > width + 1 || clipped;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}"`,
      );
    return { extra: document.documentElement.scrollWidth - width, cut };
  });
}

/**
 * Moves inside the app without a reload, then waits until the page on screen is the one at the
 * address (`html[data-page]`, src/client/layout/PageReady.tsx; a page that sends the person on
 * counts where it sent them), nothing on it is loading, its heading is shown and its fonts are
 * in: one call into the page, not one per condition.
 */
async function open(page: Page, path: string) {
  await page.evaluate(
    async ({ to, loading }) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      const shown = () =>
        document.documentElement.dataset.page === window.location.pathname + window.location.search;
      // As a locator waits for it: the heading is there and takes room on the page.
      const headingShown = () => {
        const heading = document.querySelector('main h1');
        return heading !== null && heading.getBoundingClientRect().width > 0;
      };
      const settled = () => shown() && !document.querySelector(loading) && headingShown();
      const deadline = Date.now() + 20_000;
      while (!settled()) {
        if (Date.now() > deadline) throw new Error(`${to} is still loading after 20 s`);
        await new Promise((frame) => requestAnimationFrame(frame));
      }
      await document.fonts.ready;
    },
    { to: path, loading: LOADING },
  );
}

/** The journey of one role: every page, every language, both widths. */
export function fitsEveryPage(role: Role) {
  it(`fits every page at ${WIDTHS.join(' and ')} px for a ${role}, in every language`, async () => {
    const { page, context } = await freshVisit(browser, { width: WIDTHS[0], height: 780 });
    const account = role === 'visitor' ? undefined : accounts[role]!;
    if (account) await logIn(page, account.email, account.password);
    else await page.goto('/');
    // The app's code must run before the language changes under it, as a person's would.
    await untilHydrated(page);
    const problems: string[] = [];
    // Slovak last: the page is left in the language the journeys start from.
    for (const language of [...LANGUAGES.filter((other) => other !== 'sk'), 'sk'] as const) {
      await useLanguage(page, language, Boolean(account));
      await page.goto('/');
      await untilHydrated(page);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      for (const [index, path] of pagesFor(role).entries()) {
        await open(page, path);
        // Each page starts at the width the last one ended at, so one resize serves two pages.
        const widths = index % 2 === 0 ? WIDTHS : [...WIDTHS].reverse();
        for (const [at, width] of widths.entries()) {
          if (at > 0) await page.setViewportSize({ width, height: 780 });
          const { extra, cut } = await overflow(page);
          if (extra > 0 || cut.length > 0)
            problems.push(`${language} ${width}px ${path}: ${extra}px wider; ${cut.join(', ')}`);
        }
      }
      // The next language's home starts at the narrower width again.
      await page.setViewportSize({ width: WIDTHS[0], height: 780 });
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}

/** A request's attachments on a phone, in every language (the client's). */
export function fitsAttachmentNames() {
  it("shows an attachment's whole name, extension included, with its buttons beside it at 360 and 390 px, in every language", async () => {
    const names = ['rozpočet-kúpeľne-podrobný-2026.pdf', 'fotografia-kúpeľne-pred-opravou.png'];
    const { page, context } = await freshVisit(browser, { width: WIDTHS[0], height: 780 });
    await logIn(page, accounts.client!.email, accounts.client!.password);
    const id = await page.evaluate(
      async ({ names, pdf, png }) => {
        const form = new FormData();
        form.set('title', 'Nový obklad a dlažba v kúpeľni');
        form.set('description', 'Rozpočet a fotografia kúpeľne sú v prílohách.');
        form.set('category', 'tiling');
        form.set('location', 'Banská Bystrica');
        const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        form.append('attachments', new File([bytes(pdf)], names[0]!, { type: 'application/pdf' }));
        form.append('attachments', new File([bytes(png)], names[1]!, { type: 'image/png' }));
        const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
        const answer = await fetch('/api/work-requests', {
          method: 'POST',
          headers: { 'x-csrf-token': csrf },
          body: form,
        });
        return ((await answer.json()) as { work_request: { id: string } }).work_request.id;
      },
      { names, pdf: PDF.toString('base64'), png: PNG.toString('base64') },
    );
    await untilHydrated(page);
    const problems: string[] = [];
    for (const language of [...LANGUAGES.filter((other) => other !== 'sk'), 'sk'] as const) {
      await useLanguage(page, language);
      await page.goto(`/request/${id}`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 780 });
        for (const name of names) {
          const found = await page.evaluate((name) => {
            const label = [...document.querySelectorAll('main li *')].find(
              (element) => element.children.length === 0 && element.textContent === name,
            ) as HTMLElement | undefined;
            const item = label?.closest('li');
            if (!label || !item) return 'missing';
            if (label.scrollWidth > label.clientWidth + 1) return 'name cut off';
            // The name and every control of its row share one line: none drops below the others.
            const boxes = [label, ...item.querySelectorAll('a, button')].map((element) =>
              element.getBoundingClientRect(),
            );
            const top = Math.max(...boxes.map((box) => box.top));
            const bottom = Math.min(...boxes.map((box) => box.bottom));
            return top < bottom ? 'ok' : 'a button on a line of its own';
          }, name);
          if (found !== 'ok') problems.push(`${language} ${width}px ${name}: ${found}`);
        }
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}
