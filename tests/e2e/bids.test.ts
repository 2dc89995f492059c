import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function confirmDialog(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
}

describe('bidding in the browser', () => {
  it('provider bids → client accepts → both see each other → client completes and reviews → the provider page shows it', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Peter Inštalatér');

    // The client posts a request.
    const c = await freshVisit(browser);
    await logIn(c.page, client.email, client.password);
    const title = `Výmena batérie ${Math.random().toString(36).slice(2, 8)}`;
    await c.page.goto('/create');
    await c.page.getByLabel(sk('requests', 'create.fields.title')).fill(title);
    await c.page
      .getByLabel(sk('requests', 'create.fields.description'))
      .fill('Batéria v kuchyni kvapká, treba novú.');
    await c.page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await choosePlace(c.page, sk('requests', 'create.fields.place'), 'Trnava');
    await c.page.getByLabel(sk('requests', 'create.fields.location')).fill('Trnava');
    await c.page.getByRole('button', { name: sk('requests', 'create.next') }).click();
    await c.page.getByRole('button', { name: sk('requests', 'create.submit') }).click();
    await c.page.waitForURL(/\/request\//);
    const requestUrl = c.page.url();

    // The provider bids.
    const p = await freshVisit(browser);
    await logIn(p.page, provider.email, provider.password);
    const asked: string[] = [];
    p.page.on('response', (answer) => answer.status() >= 400 && asked.push(answer.url()));
    await p.page.goto(requestUrl);
    // A price below one cent is refused in the form, each message a sentence of its own.
    await p.page.getByRole('textbox', { name: sk('bids', 'form.amount') }).fill('0,001');
    await p.page.getByRole('button', { name: sk('bids', 'form.submit') }).click();
    const problems = p.page.getByRole('alert').getByRole('listitem');
    await expect
      .poll(() => problems.allTextContents())
      .toEqual(expect.arrayContaining([sk('validation', 'amount_invalid')]));
    await p.page.getByRole('textbox', { name: sk('bids', 'form.amount') }).fill('89,50');
    // Before bidding: the form only, no empty "Your bid", and nothing asked that is refused.
    expect(await p.page.getByRole('heading', { name: sk('bids', 'titleMine') }).count()).toBe(0);
    expect(asked).toEqual([]);
    await p.page
      .getByRole('textbox', { name: sk('bids', 'form.description'), exact: true })
      .fill('Prídem zajtra, výmena trvá hodinu.');
    await p.page.getByRole('button', { name: sk('bids', 'form.submit') }).click();
    await expect.poll(() => p.page.getByText(sk('bids', 'othersHidden')).count()).toBe(1);
    await expect
      .poll(() => p.page.getByRole('button', { name: sk('bids', 'form.submit') }).count())
      .toBe(0);

    // The client accepts; the page follows without being loaded again.
    await c.page.reload();
    const providerCard = c.page.getByRole('region', { name: sk('bids', 'contact.provider') });
    const clientCardForClient = c.page.getByRole('region', { name: sk('bids', 'contact.client') });
    await c.page.getByRole('button', { name: sk('bids', 'accept.button') }).waitFor();
    expect(await providerCard.count()).toBe(0);
    await c.page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await c.page.getByRole('button', { name: sk('bids', 'accept.button') }).click();
    await confirmDialog(c.page, sk('bids', 'accept.confirm'));
    await expect.poll(() => providerCard.textContent()).toContain(provider.email);
    // The request and its bids are two queries: each follows the hire in its own time.
    await expect
      .poll(() => c.page.getByText(sk('requests', 'status.assigned'), { exact: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => c.page.getByText(sk('bids', 'status.accepted'), { exact: true }).count())
      .toBe(1);
    await expect
      .poll(() => c.page.getByRole('button', { name: sk('bids', 'accept.button') }).count())
      .toBe(0);
    await expect
      .poll(() => c.page.getByRole('button', { name: sk('bids', 'cancel.button') }).count())
      .toBe(0);
    await expect
      .poll(() => c.page.getByRole('button', { name: sk('bids', 'complete.button') }).count())
      .toBe(1);
    await expect
      .poll(() => c.page.getByRole('link', { name: sk('bids', 'contact.review') }).count())
      .toBe(1);
    // The client is not shown their own contact as a card.
    expect(await clientCardForClient.count()).toBe(0);
    expect(await c.page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await seriousViolations(c.page)).toEqual([]);

    // The winner sees the client's contact, and no card of their own.
    await p.page.reload();
    const clientCard = p.page.getByRole('region', { name: sk('bids', 'contact.client') });
    await expect.poll(() => clientCard.textContent()).toContain(client.email);
    // The phone from the client's profile, which the request itself does not hold.
    expect(await clientCard.getByRole('link', { name: '+421 905 123 456' }).count()).toBe(1);
    expect(await clientCard.getByText(sk('bids', 'contact.noPhone')).count()).toBe(0);
    expect(await p.page.getByRole('region', { name: sk('bids', 'contact.provider') }).count()).toBe(
      0,
    );
    expect(await p.page.getByRole('button', { name: sk('bids', 'withdraw.button') }).count()).toBe(
      0,
    );

    // The client marks the job done and reviews the provider.
    await c.page.getByRole('button', { name: sk('bids', 'complete.button') }).click();
    await confirmDialog(c.page, sk('bids', 'complete.confirm'));
    await expect
      .poll(() => c.page.getByText(sk('requests', 'status.completed')).count())
      .toBeGreaterThan(0);
    await c.page.getByRole('link', { name: sk('bids', 'contact.review') }).click();
    await c.page
      .getByRole('button', { name: text('sk', 'providers', 'stars').replace('{{rating}}', '5') })
      .click();
    await c.page
      .getByLabel(sk('reviews', 'form.comment'))
      .fill('Rýchlo, čisto a za dohodnutú cenu.');
    await c.page.getByRole('button', { name: sk('reviews', 'form.submit') }).click();
    await expect.poll(() => c.page.getByText('Rýchlo, čisto a za dohodnutú cenu.').count()).toBe(1);
    const reviewsSection = c.page.getByRole('region', { name: sk('reviews', 'title') });
    await expect.poll(() => reviewsSection.textContent()).toContain('Klára Zadávateľka');
    expect(await seriousViolations(c.page)).toEqual([]);

    await c.context.close();
    await p.context.close();
  });

  it("on a phone, accepting a bid brings the provider's contact into view and says so truly", async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Peter Inštalatér');
    const c = await freshVisit(browser, { width: 360, height: 740 });
    await logIn(c.page, client.email, client.password);
    const id = await postRequestFrom(c.page, {
      title: `Oprava kohútika ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Kohútik v kúpeľni kvapká aj po zatvorení.',
      category: 'plumbing',
      location: 'Nitra',
    });
    const p = await freshVisit(browser);
    await logIn(p.page, provider.email, provider.password);
    await p.page.goto(`/request/${id}`);
    await p.page.getByRole('textbox', { name: sk('bids', 'form.amount') }).fill('60');
    await p.page
      .getByRole('textbox', { name: sk('bids', 'form.description'), exact: true })
      .fill('Vymením tesnenie ešte dnes.');
    await p.page.getByRole('button', { name: sk('bids', 'form.submit') }).click();
    await expect.poll(() => p.page.getByText(sk('bids', 'othersHidden')).count()).toBe(1);

    await c.page.goto(`/request/${id}`);
    await c.page.getByRole('button', { name: sk('bids', 'accept.button') }).click();
    await confirmDialog(c.page, sk('bids', 'accept.confirm'));
    await c.page.getByText(sk('bids', 'accept.done')).waitFor();
    // The card is below the bids and photos on a phone: it is brought into view and focused,
    // so the notice's "you can now see" holds without a search down the page.
    const providerCard = c.page.getByRole('region', { name: sk('bids', 'contact.provider') });
    await expect.poll(() => providerCard.textContent()).toContain(provider.email);
    await expect
      .poll(() => providerCard.evaluate((card) => card === document.activeElement))
      .toBe(true);
    const box = (await providerCard.boundingBox())!;
    const viewport = c.page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await seriousViolations(c.page)).toEqual([]);

    await c.context.close();
    await p.context.close();
  });
});
