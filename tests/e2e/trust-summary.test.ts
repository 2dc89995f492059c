/**
 * The AI trust summary in the browser (issue 10; spec core §2 Provider details, §3, §8), against
 * the fake Gemini endpoint the journeys' setup starts (tests/support/fake-gemini.ts): the app's
 * GEMINI_BASE_URL points to it, and `POST {geminiUrl}/__mode` switches how it answers.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_GEMINI_SOURCES } from '../support/fake-gemini';
import { verifiedAccount, withCsrf } from './accounts-helpers';
import {
  baseUrl,
  freshVisit,
  launchBrowser,
  logIn,
  seriousViolations,
  text,
  visitorAddress,
} from './browser';

const fakeGemini = {
  async control(mode: 'grounded' | 'invalid_key', delayMs = 0) {
    const response = await fetch(`${inject('geminiUrl')}/__mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode, delayMs }),
    });
    if (!response.ok) throw new Error(`fake model control: ${response.status}`);
  },
};

const sk = (key: string) => text('sk', 'trustSummary', key);

/** A provider's id, read from their session over HTTP. */
async function accountId(email: string, password: string): Promise<string> {
  const address = { 'x-forwarded-for': visitorAddress() };
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: await withCsrf(address),
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  return ((await login.json()) as { user: { id: string } }).user.id;
}

const panelOf = (page: Page) => page.getByRole('region', { name: sk('title') });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('AI trust summary in the browser', () => {
  it('a client generates a summary: loading, platform facts, paragraph, sources; again; an error shows the banner', async () => {
    const provider = await verifiedAccount('provider', 'Ján Strechár');
    const providerId = await accountId(provider.email, provider.password);
    const client = await verifiedAccount('client', 'Klára Overujúca');

    // Each grounded answer is numbered ("answer n"), so a second click shows a new paragraph.
    const statement = /Elektro Novák is well reviewed online/;
    await fakeGemini.control('grounded', 1_200);

    const { page, problems } = await freshVisit(browser);
    await logIn(page, client.email, client.password);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/trust-summary'))
        calls.push(request.postData() ?? '');
    });
    await page.goto(`/provider/${providerId}`);
    const panel = panelOf(page);
    await panel.waitFor();

    // Generate: the loading state first, then the platform's facts, the paragraph, the sources.
    await panel.getByRole('button', { name: sk('generate') }).click();
    await panel.getByText(sk('loading')).waitFor();
    await panel.getByText(statement).waitFor({ timeout: 40_000 });
    expect(await panel.getByText(sk('loading')).count()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toEqual({ language: 'sk' });

    const facts = panel.getByRole('heading', { name: sk('facts.title') });
    const ai = panel.getByRole('heading', { name: sk('ai.title') });
    await facts.waitFor();
    await ai.waitFor();
    // The platform's own data comes before the AI's paragraph.
    const order = await panel
      .getByRole('heading')
      .evaluateAll((headings) => headings.map((heading) => heading.textContent));
    expect(order.indexOf(sk('facts.title'))).toBeLessThan(order.indexOf(sk('ai.title')));
    for (const label of ['averageRating', 'reviewCount', 'completedJobs', 'memberSince'])
      expect(await panel.getByText(sk(`facts.${label}`), { exact: true }).count()).toBe(1);
    expect(await panel.getByText(sk('ai.label')).count()).toBe(1);

    // Sources: deduplicated, web addresses only, opening in a new tab without an opener.
    const links = await panel
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((a) => [
          a.getAttribute('href'),
          a.getAttribute('target'),
          a.getAttribute('rel'),
        ]),
      );
    expect(links).toEqual(
      FAKE_GEMINI_SOURCES.map((source) => [source.url, '_blank', 'noopener noreferrer']),
    );
    expect(await seriousViolations(page)).toEqual([]);

    // A second click generates again: a second call.
    await panel.getByRole('button', { name: sk('generateAgain') }).click();
    await panel.getByText(sk('loading')).waitFor();
    await panel.getByText(/\(answer 2\)/).waitFor({ timeout: 40_000 });
    expect(calls).toHaveLength(2);

    // A model failure: the banner with the spec's API-key message, and no statement.
    await fakeGemini.control('invalid_key');
    await panel.getByRole('button', { name: sk('generateAgain') }).click();
    await panel.getByRole('alert').getByText(sk('errors.ai_api_key')).waitFor({ timeout: 40_000 });
    expect(await panel.getByText(statement).count()).toBe(0);
    expect(await panel.getByRole('link').count()).toBe(0);
    expect(calls).toHaveLength(3);
    // The refusal is a handled answer (424), not a page error.
    expect(problems.filter((problem) => !problem.includes('status of 424'))).toEqual([]);
  });

  it('shows no panel at all when the server has no model', async () => {
    const provider = await verifiedAccount('provider', 'Tomáš Bez Zhrnutia');
    const providerId = await accountId(provider.email, provider.password);
    const client = await verifiedAccount('client');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, client.email, client.password);
    // The public configuration of a server without GEMINI_API_KEY.
    await page.route('**/api/config', (route) =>
      route.fulfill({
        json: {
          support_email: 'podpora@example.test',
          google_enabled: false,
          trust_summary_enabled: false,
        },
      }),
    );
    // A page the browser draws asks for the configuration; the provider page is then opened in it.
    await page.goto('/privacy');
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/provider/${providerId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Tomáš Bez Zhrnutia');
    await page.waitForFunction(() => !document.querySelector('[aria-busy=true]'));
    expect(await panelOf(page).count()).toBe(0);
    expect(await page.getByText(sk('title')).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
