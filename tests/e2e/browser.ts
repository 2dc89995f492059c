import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
export { seriousViolations } from './axe';

export const baseUrl = () => inject('baseUrl');

/**
 * The journeys' shared Chromium (tests/setup/global-e2e.ts starts it once). Each file connects
 * and opens its own contexts; closing the connection closes only those.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (a CSP violation shows up here). */
  problems: string[];
}

let visitor = 0;
/**
 * Journeys of every file talk to one server, side by side: each file's visitors come from a 10.x
 * network of its own (its place among the journey files), so one file's sign-ins never spend
 * another file's rate-limit points. Read at each call: a worker runs several files in turn and
 * imports this module once for them (vitest.config.ts, `isolate: false`).
 */
const journeyFiles = fs
  .readdirSync('tests/e2e')
  .filter((name) => name.endsWith('.test.ts'))
  .sort();
function networkOfThisFile(): number {
  const network = journeyFiles.indexOf(path.basename(expect.getState().testPath ?? '')) + 1;
  if (network === 0) throw new Error('browser.ts is for the journeys in tests/e2e');
  return network;
}

/** A new visitor's address: each fresh browser counts as its own person for rate limits. */
export const visitorAddress = () =>
  `10.${networkOfThisFile()}.${Math.floor(++visitor / 250) % 250}.${(visitor % 250) + 1}`;

/**
 * A fresh browser profile: no cookies, no storage, its own address.
 *
 * The built app registers its service worker on every page. Journeys leave it out unless they
 * ask for it (`serviceWorkers: 'allow'`): what a service worker fetches (the hashed assets,
 * navigations) never reaches `page.route`, so a journey that fails or delays a chunk on purpose
 * would otherwise see it arrive from the worker instead.
 *
 * A visit closed with `context.close()` gives its tab back to the file's browser, emptied: the
 * next fresh visit of the file takes it instead of starting a new tab (see `giveBack`).
 */
export async function freshVisit(
  browser: Browser,
  options: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Visit> {
  const viewport = { width: options.width ?? 1280, height: options.height ?? 900 };
  const serviceWorkers = options.serviceWorkers ?? 'block';
  const address = { 'X-Forwarded-For': visitorAddress() };
  const spare = serviceWorkers === 'block' ? sparesOf(browser).pop() : undefined;
  if (spare) {
    await spare.context.setExtraHTTPHeaders(address);
    await spare.page.setViewportSize(viewport);
    return watched(spare.context, spare.page);
  }
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    extraHTTPHeaders: address,
    serviceWorkers,
  });
  const page = await context.newPage();
  waitForLifeOnLoad(page);
  if (serviceWorkers === 'block') {
    const close = context.close.bind(context);
    context.close = async (...args) => {
      if (!(await giveBack(browser, context, page))) await close(...args);
    };
  }
  return watched(context, page);
}

/** A visit whose console errors and page errors are gathered (a CSP violation shows up here). */
function watched(context: BrowserContext, page: Page): Visit {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(String(error)));
  return { context, page, problems };
}

/** Tabs given back by closed visits, per browser connection (one per journey file). */
const spares = new WeakMap<Browser, { context: BrowserContext; page: Page }[]>();
function sparesOf(browser: Browser) {
  if (!spares.has(browser)) spares.set(browser, []);
  return spares.get(browser)!;
}

/**
 * Empties a closed visit's tab for the file's next fresh visit: its storage, cookies and
 * permissions, its routes and listeners, its other tabs, and the page itself, which moves to the
 * app's robots.txt (plain text of the same site): the app's live stream ends as at a close, and
 * the tab keeps its renderer, where about:blank or another site would start a new one. A new tab
 * costs Chromium a renderer process and the app's code compiled again: about twice the CPU of a
 * page loaded in a tab it already has (docs/testing.md). The HTTP cache stays, as it does for a
 * person coming back. A tab that cannot be emptied for certain (closed, or left on another site)
 * is closed instead.
 */
async function giveBack(browser: Browser, context: BrowserContext, page: Page): Promise<boolean> {
  if (!browser.isConnected() || page.isClosed() || !page.url().startsWith(baseUrl())) return false;
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    page.removeAllListeners();
    context.removeAllListeners();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await gotoWithoutWaiting.get(page)!('/robots.txt');
    await context.clearCookies();
    await context.clearPermissions();
  } catch {
    return false;
  }
  sparesOf(browser).push({ context, page });
  return true;
}

const gotoWithoutWaiting = new WeakMap<Page, Page['goto']>();

/**
 * Opens a server-drawn page and answers as soon as its HTML has arrived, without waiting for its
 * code: what a person sees, and may type into, before the page has come to life.
 */
export async function openBeforeLife(page: Page, path: string): Promise<void> {
  const goto = gotoWithoutWaiting.get(page) ?? page.goto.bind(page);
  await goto(path, { waitUntil: 'commit' });
}

/**
 * Makes `page.goto` and `page.reload` return only once the page has come to life
 * (`html[data-ready]`, set by the app's PageReady). A server-drawn page is readable before its
 * code runs (src/server/render/deferred-code.ts); a click or a choice made then is not the app's.
 */
function waitForLifeOnLoad(page: Page) {
  // Pages that are not the app's (the API documentation) have no root to wait for.
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.ready === '',
    );
  const goto = page.goto.bind(page);
  gotoWithoutWaiting.set(page, goto);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

/**
 * Waits until a server-drawn page has come to life: its code loads only after the first paint
 * (src/server/render/deferred-code.ts), and a click or a choice made before is not the app's.
 * The API indicator turns online only once the app runs.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('[data-api-state]').first().getAttribute('data-api-state'))
    .toBe('online');
}

/** What on a page says it is loading: a spinner in a status, or aria-busy. */
export const LOADING = '[role=status] .animate-spin, [aria-busy=true]';

/** Waits until nothing on the page says it is loading. */
export async function untilNothingLoads(page: Page): Promise<void> {
  await page.waitForFunction((loading) => !document.querySelector(loading), LOADING);
}

/** What a client writes into a new request (no files). */
export interface RequestFields {
  title: string;
  description: string;
  category: string;
  location: string;
  /** The town (a place's id), as the picker sends it. */
  place_id?: string;
}

/** Posts a request from a signed-in client's page, as its form does; answers its id. */
export async function postRequestFrom(page: Page, fields: RequestFields): Promise<string> {
  return page.evaluate(async (values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
    const answer = await fetch('/api/work-requests', {
      method: 'POST',
      headers: { 'x-csrf-token': csrf },
      body: form,
    });
    return ((await answer.json()) as { work_request: { id: string } }).work_request.id;
  }, fields);
}

/**
 * Chooses a place in a place picker (places/ui/PlacePicker.tsx) as a person does: types into the
 * combobox named `label`, waits for the options, and clicks the first one named `typed` exactly.
 */
export async function choosePlace(page: Page, label: string, typed: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  const option = page
    .getByRole('listbox', { name: label })
    .getByRole('option')
    .filter({ has: page.getByText(typed, { exact: true }) })
    .first();
  await option.click();
  await expect.poll(() => box.inputValue()).toBe(typed);
}

/**
 * Reads a translated text from the locale files, as the page must show it: with `values`, its
 * placeholders (`{{name}}`) filled in.
 */
export function text(
  language: string,
  namespace: string,
  key: string,
  values: Record<string, string> = {},
): string {
  const data = JSON.parse(fs.readFileSync(`src/locales/${language}/${namespace}.json`, 'utf8'));
  const template = key.split('.').reduce((node, part) => node[part], data) as string;
  return Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, value),
    template,
  );
}

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Waits for a mail to `to` whose subject contains `subject`, as caught by the test SMTP server. */
export async function mailTo(to: string, subject: string, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(inject('mailboxUrl'))).json()) as CaughtMail[];
    const found = mails
      .filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let person = 0;
export const uniqueEmail = (label: string) => `${label}-${process.pid}-${++person}@example.test`;

/**
 * Signs in through the login form, as a person does, and waits until the app has taken them
 * home signed in. Language-independent: the account's saved language may switch the page.
 */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel(text('sk', 'auth', 'fields.email')).fill(email);
  await page.getByLabel(text('sk', 'auth', 'fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('sk', 'auth', 'login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('main h1').waitFor();
}

/**
 * Switches the page's language as the selector does: the `lang` cookie, and for a signed-in
 * person (`signedIn`) their saved language too, so the next page load is drawn in it.
 */
export async function useLanguage(page: Page, language: string, signedIn = true): Promise<void> {
  // Set from outside the page: a cookie a page's script writes reaches the browser's store on its
  // own time, and a navigation started at once can leave without it.
  await page.context().addCookies([
    {
      name: 'lang',
      value: language,
      url: baseUrl(),
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + 31_536_000,
    },
  ]);
  if (!signedIn) return;
  await page.evaluate(async (language) => {
    const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
    await fetch('/api/users/language', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ preferred_language: language }),
    });
  }, language);
}
