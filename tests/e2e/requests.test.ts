import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/limits';
import { PDF, PNG } from '../factories/files';
import { verifiedAccount } from './accounts-helpers';
import {
  choosePlace,
  freshVisit,
  launchBrowser,
  logIn,
  postRequestFrom,
  seriousViolations,
  text,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);

/** A word nobody else will have used, so searches find exactly this request. */
const marker = () =>
  `zqx${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

describe('work requests in the browser', () => {
  it('a client posts a request with an image and a PDF, finds it on Home and in Browse, opens both files, deletes it', async () => {
    const account = await verifiedAccount('client', 'Zuzana Klientka');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, account.email, account.password);
    const word = marker();
    const title = `Nový obklad kúpeľne ${word}`;

    await page.getByRole('link', { name: sk('common', 'nav.create') }).click();
    await page.getByLabel(sk('requests', 'create.fields.title')).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(sk('requests', 'create.fields.title')).fill(title);
    await page.getByLabel(sk('requests', 'create.fields.category')).selectOption('tiling');
    await page
      .getByLabel(sk('requests', 'create.fields.description'))
      .fill('Strhnúť starý obklad a položiť nový, asi 6 m².');
    await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    expect(await page.getByLabel(sk('requests', 'create.fields.contactEmail')).inputValue()).toBe(
      account.email,
    );
    await choosePlace(page, sk('requests', 'create.fields.place'), 'Trnava');
    await page.getByLabel(sk('requests', 'create.fields.location')).fill('Trnava');
    await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'kúpeľňa.png', mimeType: 'image/png', buffer: PNG },
      { name: 'pôdorys.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await page.getByRole('button', { name: sk('requests', 'create.submit') }).click();

    await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    const requestUrl = page.url();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(1);
    await page.goto(`/browse?q=${word}`);
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(1);
    // The card shows the photo's small preview, never the uploaded file, and that no one bid yet.
    const card = page.locator('article').filter({ has: page.getByRole('link', { name: title }) });
    const preview = card.locator('img');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    expect(await preview.getAttribute('src')).toMatch(/\/attachments\/[0-9a-f-]{36}\/thumbnail$/);
    expect(await card.getByText(sk('requests', 'card.noBids')).count()).toBe(1);
    // The town filter offers the towns of open requests as you type, without accents.
    const town = page.getByRole('combobox', { name: sk('requests', 'browse.location') });
    await town.fill('trna');
    await page.getByRole('option', { name: 'Trnava', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await town.press('ArrowDown');
    await town.press('Enter');
    expect(await town.inputValue()).toBe('Trnava');
    await page.getByRole('button', { name: sk('requests', 'browse.submit') }).click();
    await page.waitForURL((url) => url.searchParams.get('location') === 'Trnava');
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(1);
    await page.goto(`/browse?q=${word}&location=nitra`);
    await expect.poll(() => page.getByText(sk('requests', 'browse.empty')).count()).toBe(1);
    await page.goto(`/browse?q=${word}`);
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL(requestUrl);

    // The image opens in the viewer and really shows.
    await page.getByRole('button', { name: sk('requests', 'details.view') }).click();
    const image = page.getByRole('dialog').getByRole('img', { name: 'kúpeľňa.png' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await page.getByRole('button', { name: sk('requests', 'details.closeViewer') }).click();

    // The PDF opens in a new tab, served as a PDF. The tab's own request is watched: a browser
    // without a PDF viewer (the journeys' headless shell) keeps such a tab's address blank.
    const [pdfTab, opened] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent(
        'request',
        (request) => request.isNavigationRequest() && request.url().includes('/download?'),
      ),
      page.getByRole('button', { name: sk('requests', 'details.openPdf') }).click(),
    ]);
    expect(opened.frame().page()).toBe(pdfTab);
    expect(opened.url()).toContain('/download?disposition=inline');
    const pdf = await context.request.get(opened.url());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
    expect(Buffer.compare(await pdf.body(), PDF)).toBe(0);
    await pdfTab.close();

    await page.getByRole('button', { name: sk('requests', 'details.delete') }).click();
    const dialog = page.getByRole('dialog', { name: sk('requests', 'details.deleteTitle') });
    await dialog.getByRole('button', { name: sk('requests', 'details.delete') }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText(sk('requests', 'details.deleted')).count()).toBe(1);
    await page.goto(`/browse?q=${word}`);
    await expect.poll(() => page.getByText(sk('requests', 'browse.empty')).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a new request in My requests and on Home at once, without reloading the page', async () => {
    const account = await verifiedAccount('client', 'Ivana Okamžitá');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, account.email, account.password);
    const nav = page.getByRole('navigation', { name: sk('common', 'nav.main') });
    // Both lists are loaded (and cached) before the request exists.
    await expect.poll(() => page.getByText(sk('home', 'latest.title')).count()).toBe(1);
    await nav.getByRole('link', { name: sk('common', 'nav.profile') }).click();
    // The usual place and location saved in the profile fill in the new request's.
    await choosePlace(page, sk('profile', 'fields.place'), 'Žilina');
    await page.getByLabel(sk('profile', 'fields.location')).fill('Žilina');
    await page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect.poll(() => page.getByText(sk('profile', 'saved')).count()).toBe(1);
    await page.getByRole('tab', { name: sk('profile', 'tabs.requests') }).click();
    await expect.poll(() => page.getByText(sk('requests', 'mine.empty')).count()).toBe(1);
    // Survives only as long as the document does: a full reload would drop it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const title = `Maľovanie predsiene ${marker()}`;
    await nav.getByRole('link', { name: sk('common', 'nav.create') }).click();
    await page.getByLabel(sk('requests', 'create.fields.title')).fill(title);
    await page.getByLabel(sk('requests', 'create.fields.category')).selectOption('painting');
    await page
      .getByLabel(sk('requests', 'create.fields.description'))
      .fill('Predsieň asi 12 m², dve vrstvy bielej.');
    await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    expect(await page.getByLabel(sk('requests', 'create.fields.location')).inputValue()).toBe(
      'Žilina',
    );
    expect(
      await page
        .getByRole('combobox', { name: sk('requests', 'create.fields.place') })
        .inputValue(),
    ).toBe('Žilina');
    await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await page.getByRole('button', { name: sk('requests', 'create.submit') }).click();
    await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    await nav.getByRole('link', { name: sk('common', 'nav.profile') }).click();
    await page.getByRole('tab', { name: sk('profile', 'tabs.requests') }).click();
    const tab = page.getByRole('tabpanel');
    await expect.poll(() => tab.getByRole('link', { name: title }).count()).toBe(1);
    expect(await tab.getByText(sk('requests', 'status.open'), { exact: true }).count()).toBe(1);
    expect(await tab.getByRole('button', { name: sk('requests', 'details.delete') }).count()).toBe(
      1,
    );

    await page.getByRole('link', { name: 'Majstri' }).first().click();
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(1);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says how cancelling and deleting differ, and their dialogs name the way back as keeping the request', async () => {
    const account = await verifiedAccount('client');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, account.email, account.password);
    const title = `Výmena zámku ${marker()}`;
    const id = await postRequestFrom(page, {
      title,
      description: 'Zasekáva sa zámok na vchodových dverách, treba ho vymeniť.',
      category: 'smithing_locksmithing',
      location: 'Poprad',
    });
    await page.goto(`/request/${id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // Each action says what it does beside its button.
    expect(await page.getByText(sk('bids', 'cancel.hint')).count()).toBe(1);
    expect(await page.getByText(sk('requests', 'details.deleteHint')).count()).toBe(1);
    const buttonsOf = async (dialog: ReturnType<typeof page.getByRole>) =>
      (await dialog.getByRole('button').allTextContents()).map((name) => name.trim());

    await page.getByRole('button', { name: sk('bids', 'cancel.button'), exact: true }).click();
    const cancelling = page.getByRole('dialog', { name: sk('bids', 'cancel.title') });
    await cancelling.waitFor();
    expect(await buttonsOf(cancelling)).toEqual([
      sk('bids', 'cancel.keep'),
      sk('bids', 'cancel.confirm'),
    ]);
    expect(await cancelling.textContent()).toContain(sk('bids', 'cancel.message'));
    expect(await seriousViolations(page)).toEqual([]);
    await cancelling.getByRole('button', { name: sk('bids', 'cancel.keep'), exact: true }).click();

    await page.getByRole('button', { name: sk('requests', 'details.delete'), exact: true }).click();
    const deleting = page.getByRole('dialog', { name: sk('requests', 'details.deleteTitle') });
    await deleting.waitFor();
    expect(await buttonsOf(deleting)).toEqual([
      sk('requests', 'details.keep'),
      sk('requests', 'details.delete'),
    ]);
    await deleting
      .getByRole('button', { name: sk('requests', 'details.keep'), exact: true })
      .click();
    expect(await page.getByText(sk('requests', 'status.open'), { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: sk('bids', 'cancel.button'), exact: true }).click();
    await cancelling
      .getByRole('button', { name: sk('bids', 'cancel.confirm'), exact: true })
      .click();
    await expect
      .poll(() => page.getByText(sk('requests', 'status.cancelled'), { exact: true }).count())
      .toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a visitor who clicks a card to sign in, and to the request once signed in', async () => {
    const account = await verifiedAccount('client');
    const poster = await freshVisit(browser);
    await logIn(poster.page, account.email, account.password);
    const title = `Oprava plota ${marker()}`;
    await poster.page.goto('/create');
    await poster.page.getByLabel(sk('requests', 'create.fields.title')).fill(title);
    await poster.page
      .getByLabel(sk('requests', 'create.fields.description'))
      .fill('Vymeniť tri polia drevného plota.');
    await poster.page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await choosePlace(poster.page, sk('requests', 'create.fields.place'), 'Senec');
    await poster.page.getByLabel(sk('requests', 'create.fields.location')).fill('Senec');
    await poster.page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await poster.page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'plot.png', mimeType: 'image/png', buffer: PNG }]);
    await poster.page.getByRole('button', { name: sk('requests', 'create.submit') }).click();
    await poster.page.waitForURL(/\/request\//);
    await poster.context.close();

    const { page, context, problems } = await freshVisit(browser);
    await page.goto('/browse');
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(1);
    // Photos are for those who may open the request: a visitor's card has none, and asks for none.
    const card = page.locator('article').filter({ has: page.getByRole('link', { name: title }) });
    expect(await card.locator('img').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect.poll(() => page.getByText(sk('requests', 'card.mustLogIn')).count()).toBe(1);

    // Signed in, the visitor lands on the request they were opening, not on the home page.
    const provider = await verifiedAccount('provider');
    await page.getByLabel(sk('auth', 'fields.email')).fill(provider.email);
    await page.getByLabel(sk('auth', 'fields.password'), { exact: true }).fill(provider.password);
    await page.getByRole('button', { name: sk('auth', 'login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/request/'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a search is too long instead of blaming the connection, and the search boxes stop at the limit', async () => {
    const { page, context } = await freshVisit(browser);
    const max = String(LIMITS.searchText.max);
    await page.goto(`/browse?q=${'a'.repeat(LIMITS.searchText.max + 100)}`);
    const tooLong = sk('errors', 'search_too_long').replace('{{max}}', max);
    await expect.poll(() => page.getByText(tooLong).count()).toBe(1);
    expect(await page.getByText(sk('requests', 'browse.connectionError')).count()).toBe(0);
    expect(await page.getByLabel(sk('requests', 'browse.search')).getAttribute('maxlength')).toBe(
      max,
    );
    expect(
      await page
        .getByRole('combobox', { name: sk('requests', 'browse.location') })
        .getAttribute('maxlength'),
    ).toBe(max);
    await page.goto('/');
    expect(await page.getByLabel(sk('home', 'search.label')).getAttribute('maxlength')).toBe(max);
    await context.close();
  });

  it('clears the selection when more than five files are chosen', async () => {
    const account = await verifiedAccount('client');
    const { page, context } = await freshVisit(browser);
    await logIn(page, account.email, account.password);
    await page.goto('/create');
    await page.getByLabel(sk('requests', 'create.fields.title')).fill('Šesť príloh naraz');
    await page
      .getByLabel(sk('requests', 'create.fields.description'))
      .fill('Skúška výberu príliš veľa súborov.');
    await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await choosePlace(page, sk('requests', 'create.fields.place'), 'Nitra');
    await page.getByLabel(sk('requests', 'create.fields.location')).fill('Nitra');
    await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await page.locator('input[type="file"]').setInputFiles(
      Array.from({ length: 6 }, (_, i) => ({
        name: `foto-${i}.png`,
        mimeType: 'image/png',
        buffer: PNG,
      })),
    );
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('5');
    expect(
      await page.getByRole('list', { name: sk('requests', 'create.selectedFiles') }).count(),
    ).toBe(0);
    await context.close();
  });
});
