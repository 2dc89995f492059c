import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/languages';
import { freshVisit, launchBrowser, text, untilHydrated } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the application shell', () => {
  it('renders home in Slovak for a first-time visitor, with no console errors', async () => {
    const { page, problems, context } = await freshVisit(browser);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'home', 'hero.title'));
    expect(await page.getAttribute('html', 'lang')).toBe('sk');
    await expect
      .poll(() => page.locator('[data-api-state]').getAttribute('data-api-state'))
      .toBe('online');
    // Nothing to say while the API answers: the indicator is there only for bad news.
    expect(await page.locator('[data-api-state]').textContent()).toBe('');
    await expect.poll(() => page.getByText('Verzia 2025.10.05.1327').count()).toBe(1);
    expect(await page.getByText(`© ${new Date().getFullYear()} Majstri`).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leads with a search and the trades, both opening Browse, and figures from the API, leaving out one too small to show; its title says what the site is', async () => {
    const { page, problems, context } = await freshVisit(browser);
    await page.route('**/api/stats/home', (route) =>
      route.fulfill({ json: { open_requests_this_week: 17, providers: 42, reviews: null } }),
    );
    // A server-rendered home brings its figures with it: arrive from a page the browser draws,
    // so that home asks the API for them.
    await page.goto('/privacy');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('sk', 'common', 'footer.home') })
      .click();
    const figures = page.getByRole('region', { name: text('sk', 'home', 'figures.label') });
    await expect.poll(() => figures.getByText('42', { exact: true }).count()).toBe(1);
    // Arrived in the browser, home says in its title what the site is, as the served page does.
    await expect.poll(() => page.title()).toBe(`Majstri — ${text('sk', 'meta', 'title.home')}`);
    expect(await figures.getByText(text('sk', 'home', 'figures.openRequests')).count()).toBe(1);
    // The server left the reviews out (too few): no "0 reviews", no label.
    expect(await figures.getByText(text('sk', 'home', 'figures.reviews')).count()).toBe(0);
    expect(await figures.getByText('0', { exact: true }).count()).toBe(0);

    await page
      .getByRole('link', { name: text('sk', 'categories', 'heating_gas_sanitary') })
      .click();
    await page.waitForURL((url) => url.search === '?category=heating_gas_sanitary');
    await page.goBack();
    await page.getByLabel(text('sk', 'home', 'search.label')).fill('kondenzačný kotol');
    await page.getByRole('button', { name: text('sk', 'home', 'search.submit') }).click();
    await page.waitForURL(
      (url) => url.pathname === '/browse' && url.searchParams.get('q') === 'kondenzačný kotol',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(LANGUAGES.filter((language) => language !== 'sk'))(
    'switches to %s, and the choice survives a reload',
    async (language) => {
      const { page, context } = await freshVisit(browser);
      await page.goto('/');
      await untilHydrated(page);
      await page.locator('#language-desktop').selectOption(language);
      const title = text(language, 'home', 'hero.title');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.getAttribute('html', 'lang')).toBe(language);

      await page.reload();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      const cookie = (await context.cookies()).find((c) => c.name === 'lang');
      expect(cookie?.value).toBe(language);
      // 365 days, give or take the seconds the test took.
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
      await context.close();
    },
  );

  it('opens the full-screen menu on a phone and locks the page scroll while it is open', async () => {
    const { page, context } = await freshVisit(browser, { width: 375, height: 740 });
    await page.goto('/');
    await untilHydrated(page);
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await overflow()).not.toBe('hidden');

    await page.getByRole('button', { name: text('sk', 'common', 'nav.openMenu') }).click();
    const menu = page.getByRole('dialog', { name: text('sk', 'common', 'nav.menu') });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(() => overflow()).toBe('hidden');
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });

    await page.getByRole('button', { name: text('sk', 'common', 'nav.closeMenu') }).click();
    await expect.poll(() => menu.count()).toBe(0);
    expect(await overflow()).not.toBe('hidden');
    await context.close();
  });

  it('shows the not-found page, with a way home, for an unknown route', async () => {
    const { page, context } = await freshVisit(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'common', 'notFound.title'));
    await page.getByRole('link', { name: text('sk', 'common', 'notFound.goHome') }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'home', 'hero.title'));
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it("reloads once when a page's code does not arrive, then shows the translated error page", async () => {
    const { page, context } = await freshVisit(browser);
    await page.goto('/');
    await untilHydrated(page);
    // As after a deploy: the browse page's chunk is gone from the server.
    const browseChunk = /\/assets\/BrowsePage-[\w-]+\.js$/;
    await page.route(browseChunk, (route) => route.abort('failed'));
    let documentLoads = 0;
    page.on('load', () => documentLoads++);

    await page
      .getByRole('navigation', { name: text('sk', 'common', 'nav.main') })
      .getByRole('link', { name: text('sk', 'common', 'nav.browse') })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'common', 'routeError.title'));
    // One reload by itself, no more (the chunk still fails after it), and no developer page.
    expect(documentLoads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/browse');
    expect(await page.getByText(text('sk', 'common', 'routeError.chunkMessage')).count()).toBe(1);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(1);

    // The chunk is back: reloading by hand shows the page, and the next failure may reload again.
    await page.unroute(browseChunk);
    await page.getByRole('button', { name: text('sk', 'common', 'routeError.reload') }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'requests', 'browse.title'));
    // The server draws /browse at once; the mark is cleared when its code has arrived.
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('chunk'))),
      )
      .toEqual([]);
    await context.close();
  });

  it('shows the no-requests message when there are none, and when the list cannot be loaded', async () => {
    for (const answer of ['empty', 'failure'] as const) {
      const { page, context } = await freshVisit(browser);
      await page.route('**/api/work-requests?*', (route) =>
        answer === 'empty'
          ? route.fulfill({
              json: {
                work_requests: [],
                pagination: { page: 1, total_pages: 1, total: 0, total_estimated: false },
              },
            })
          : route.abort('connectionrefused'),
      );
      // The server draws Home with the requests it has; the browser loads the list itself when
      // a visitor comes to Home from another page, which is where the answer above applies.
      await page.goto('/privacy');
      await untilHydrated(page);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text('sk', 'common', 'footer.home') })
        .click();
      await expect.poll(() => page.getByText(text('sk', 'home', 'latest.empty')).count()).toBe(1);
      await context.close();
    }
  });

  it('shows the API as offline when it cannot be reached', async () => {
    const { page, context } = await freshVisit(browser);
    await page.route('**/api/health', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const indicator = page.locator('[data-api-state]');
    await expect.poll(() => indicator.getAttribute('data-api-state')).toBe('offline');
    expect(await indicator.textContent()).toBe(text('sk', 'common', 'api.offline'));
    await context.close();
  });

  it('shows the Browse error state after at most one quick retry when the API fails', async () => {
    const { page, context } = await freshVisit(browser);
    let asked = 0;
    await page.route('**/api/work-requests?**', (route) => {
      asked++;
      return route.abort('connectionrefused');
    });
    // The server renders /browse with its list: arrive from a page the browser draws instead.
    await page.goto('/privacy');
    await page
      .getByRole('navigation', { name: text('sk', 'common', 'nav.main') })
      .getByRole('link', { name: text('sk', 'common', 'nav.browse') })
      .click();
    await page.locator('main h1').waitFor();
    // One quick retry, then the error: not eight seconds of "Loading…" while the query retries.
    // Counted, not timed, so a busy machine cannot fail it.
    await page.getByText(text('sk', 'requests', 'browse.connectionError')).waitFor();
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('remembers the cookie notice once accepted', async () => {
    const { page, context } = await freshVisit(browser);
    await page.goto('/');
    await untilHydrated(page);
    const accept = page.getByRole('button', { name: text('sk', 'common', 'cookies.accept') });
    await accept.click();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await accept.count()).toBe(0);
    await context.close();
  });

  it('keeps the cookie notice off the page content on a phone', async () => {
    const { page, context } = await freshVisit(browser, { width: 390, height: 844 });
    await page.goto('/');
    const notice = page.getByRole('region', { name: text('sk', 'common', 'cookies.label') });
    await notice.waitFor();
    // The notice takes its own room above the page instead of lying over its lower part.
    const noticeBox = (await notice.boundingBox())!;
    const mainBox = (await page.locator('main').boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(mainBox.y);
    // Scrolled to the end, the footer's last line is what a finger reaches, nothing over it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footerReachable = await page.evaluate(() => {
      const footer = document.querySelector('footer')!;
      const box = footer.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, innerHeight - 4);
      return footer.contains(hit);
    });
    expect(footerReachable).toBe(true);
    await context.close();
  });

  it('serves the full privacy policy with the support address', async () => {
    const { page, context } = await freshVisit(browser);
    await page.goto('/privacy');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'privacy', 'title'));
    for (const section of [
      'collected',
      'uses',
      'protection',
      'communication',
      'rights',
      'contact',
    ]) {
      expect(
        await page
          .getByRole('heading', { level: 2, name: text('sk', 'privacy', `${section}.title`) })
          .count(),
      ).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'podpora@majstri.sk' }).count()).toBe(1);
    await context.close();
  });
});
