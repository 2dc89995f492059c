import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerInPlace, verifiedAccount, withCsrf } from './accounts-helpers';
import {
  baseUrl,
  freshVisit,
  launchBrowser,
  logIn,
  openBeforeLife,
  postRequestFrom,
  text,
  untilHydrated,
  visitorAddress,
} from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const page = async (path: string, cookie = '') => {
  const answer = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie, 'x-forwarded-for': visitorAddress() },
  });
  return { status: answer.status, headers: answer.headers, html: await answer.text() };
};

/** The state the page hands the browser, as the browser reads it. */
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html)![1]!);

/** Signs in over HTTP and answers the session's cookies and the account's id. */
async function signIn(email: string, password: string) {
  const headers = { 'x-forwarded-for': visitorAddress() };
  const answer = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: await withCsrf(headers),
    body: JSON.stringify({ email, password }),
  });
  expect(answer.status).toBe(200);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    // The page's language is the test's to choose.
    .filter((pair) => !pair.startsWith('lang='))
    .join('; ');
  const { user } = (await answer.json()) as { user: { id: string } };
  return { cookie, id: user.id };
}

describe('server-rendered public pages', () => {
  it('answers home with its content and head in the asked language', async () => {
    const { status, headers, html } = await page('/', 'lang=en');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-cache');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<link rel="canonical"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${text('en', 'home', 'hero.title')}</h1>`));
    const state = stateOf(html);
    expect(state.language).toBe('en');
    expect(Object.keys(state.texts)).toContain('home');
    // Only data: the CSP allows no inline script to run.
    expect(html).not.toMatch(/<script>/);

    // A figure too small to show (null in the API's answer) is not drawn; the others are. The
    // figures the page was drawn with travel in its state: the API's own minute-long copy may
    // already count a provider that another journey has just made.
    const drawnWith = (
      state.queries as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    ).queries.find((query) => JSON.stringify(query.queryKey) === '["stats","home"]');
    const stats = drawnWith!.state.data as Record<string, number | null>;
    const figures =
      new RegExp(
        `<section aria-label="${text('en', 'home', 'figures.label')}".*?</section>`,
        's',
      ).exec(html)?.[0] ?? '';
    const labels = {
      openRequestsThisWeek: 'figures.openRequests',
      providers: 'figures.providers',
      reviews: 'figures.reviews',
    };
    for (const [key, label] of Object.entries(labels))
      expect(figures.includes(text('en', 'home', label)), key).toBe(stats[key] !== null);
  });

  it('answers browse with its heading, in Slovak by default', async () => {
    const { html } = await page('/browse');
    expect(html).toContain('<html lang="sk"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${text('sk', 'requests', 'browse.title')}</h1>`));
  });

  it('answers the directory around a place, titled by its trade and town, with no contact', async () => {
    const name = `Inštalatér Adresára ${Date.now()}`;
    // Sabinov, 17 km from Prešov.
    const provider = await providerInPlace(name, 'plumbing', 723674);
    const { status, html } = await page(
      '/providers?category=plumbing&near=723819&radius_km=40',
      'lang=en',
    );
    expect(status).toBe(200);
    const title = text('en', 'directory', 'heading.categoryTown')
      .replace('{{category}}', text('en', 'categories', 'plumbing'))
      .replace('{{town}}', 'Prešov');
    expect(html).toContain(`<title>Majstri — ${title}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain(name);
    for (const contact of [provider.email, provider.phone, provider.website]) {
      expect(html).not.toContain(contact);
    }
    const state = stateOf(html);
    expect(JSON.stringify(state)).toContain(name);
  });

  it('leaves an address the API refuses, and a doubled slash, to the browser', async () => {
    // A page past the last one: the list is not in the state; the browser asks and shows why.
    const past = await page('/browse?page=999999999999');
    expect(past.status).toBe(200);
    const keys = stateOf(past.html).queries.queries.map(
      (entry: { queryKey: unknown[] }) => entry.queryKey[0],
    );
    expect(keys).not.toContain('work-requests');
    // `//browse` is no page: not found, and never home drawn in its place.
    const doubled = await page('//browse');
    expect(doubled.status).toBe(404);
    expect(doubled.html).not.toContain('id="page-state"');
  });

  it("renders a provider's page for a signed-in client, with the same data as the API", async () => {
    const provider = await verifiedAccount('provider', 'Obklady Serverové');
    const client = await verifiedAccount('client');
    const { id } = await signIn(provider.email, provider.password);
    const { cookie } = await signIn(client.email, client.password);
    const { html } = await page(`/provider/${id}`, `${cookie}; lang=cs`);
    expect(html).toContain('<html lang="cs"');
    expect(html).toMatch(/<h1[^>]*>Obklady Serverové<\/h1>/);
    const entry = stateOf(html).queries.queries.find(
      (query: { queryKey: unknown[] }) => query.queryKey.join('/') === `providers/${id}`,
    );
    const api = await fetch(`${baseUrl()}/api/providers/${id}`, { headers: { cookie } });
    const wire = (await api.json()) as { user: { name: string; account_status: string } };
    expect(entry.state.data.user.name).toBe(wire.user.name);
    expect(entry.state.data.user.accountStatus).toBe(wire.user.account_status);

    // A visitor is not shown the page: the browser sends them home with its notice.
    const visitor = await page(`/provider/${id}`);
    expect(visitor.html).toContain('<div id="root"></div>');
  });

  it('shows home without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto('/');
    expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(
      text('sk', 'home', 'hero.title'),
    );
    expect(await tab.getByRole('link', { name: text('sk', 'common', 'nav.browse') }).count()).toBe(
      1,
    );
    await context.close();
  });

  it('hydrates home and browse without a warning, and navigation works', async () => {
    const { page: tab, problems, context } = await freshVisit(browser);
    const warnings: string[] = [];
    tab.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await tab.goto('/');
    await expect
      .poll(() => tab.locator('[data-api-state]').getAttribute('data-api-state'))
      .toBe('online');
    await tab
      .getByRole('navigation', { name: text('sk', 'common', 'nav.main') })
      .getByRole('link', { name: text('sk', 'common', 'nav.browse') })
      .click();
    await expect
      .poll(() => tab.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('sk', 'requests', 'browse.title'));
    await tab.goto('/browse');
    await expect
      .poll(() => tab.locator('[data-api-state]').getAttribute('data-api-state'))
      .toBe('online');
    expect(problems).toEqual([]);
    expect(warnings.filter((line) => /hydrat/i.test(line))).toEqual([]);
    await context.close();
  });

  it('keeps what a person types into a server-drawn page before its code has run', async () => {
    const client = await verifiedAccount('client');
    const provider = await verifiedAccount('provider');
    const c = await freshVisit(browser);
    await logIn(c.page, client.email, client.password);
    const requestId = await postRequestFrom(c.page, {
      title: 'Oprava kvapkajúceho kohútika',
      description: 'Kohútik v kuchyni kvapká aj po zatvorení, treba vymeniť tesnenie.',
      category: 'plumbing',
      location: 'Trnava',
    });
    await c.context.close();

    const p = await freshVisit(browser);
    await logIn(p.page, provider.email, provider.password);
    const bids = (key: string) => text('sk', 'bids', key);

    // A slow phone: the page's code arrives only after the person has typed.
    const typed = await holdCodeUntilTyped(p.page);
    await openBeforeLife(p.page, `/request/${requestId}`);
    await p.page.getByLabel(bids('form.amount')).fill('95,50');
    await p.page
      .getByRole('textbox', { name: bids('form.description') })
      .fill('Prídem zajtra ráno s tesnením.');
    typed();
    await untilHydrated(p.page);
    await p.page.waitForLoadState('networkidle');
    expect(await p.page.getByLabel(bids('form.amount')).inputValue()).toBe('95,50');
    const [posted] = await Promise.all([
      p.page.waitForResponse((answer) => answer.url().endsWith('/api/bids')),
      p.page.getByRole('button', { name: bids('form.submit') }).click(),
    ]);
    expect(posted.status()).toBe(201);
    expect(posted.request().postDataJSON()).toMatchObject({
      amount: 95.5,
      description: 'Prídem zajtra ráno s tesnením.',
    });

    // The home page's search box, a field of its own.
    const searched = await holdCodeUntilTyped(p.page);
    await openBeforeLife(p.page, '/');
    await p.page.getByRole('searchbox').fill('tesnenie');
    searched();
    await untilHydrated(p.page);
    await p.page.getByRole('searchbox').press('Enter');
    await p.page.waitForURL(/\/browse\?q=tesnenie$/);
    expect(p.problems).toEqual([]);
    await p.context.close();
  });
});

/** Holds back the app's code (its modules) until the returned function is called. */
async function holdCodeUntilTyped(page: Page): Promise<() => void> {
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.unrouteAll();
  await page.route('**/assets/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  return release;
}
