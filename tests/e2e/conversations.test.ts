import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../factories/files';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, postRequestFrom, text, useLanguage } from './browser';

/**
 * issue 30 "Proof": a provider asks in Ukrainian on a phone; the client sees it arrive without a
 * reload and answers; a phone number typed before the hire arrives masked; after the hire the two
 * exchange a photo. Nothing is wider than a 360 px screen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const uk = (namespace: string, key: string) => text('uk', namespace, key);
const sk = (namespace: string, key: string) => text('sk', namespace, key);

/** Nothing on the page is wider than its screen. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A bid from a signed-in provider's page, through the API as the bid form sends it. */
function bidFrom(page: Page, workRequestId: string) {
  return page.evaluate(async (id) => {
    const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
    const answer = await fetch('/api/bids', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({
        work_request_id: id,
        amount: 420,
        description: 'Старий обклад зніму, новий покладу за тиждень.',
      }),
    });
    if (answer.status !== 201) throw new Error(`bid refused: ${await answer.text()}`);
    return ((await answer.json()) as { bid: { id: string } }).bid.id;
  }, workRequestId);
}

/** The thread's messages, by the name the page gives them in its language. */
const thread = (page: Page, language = 'uk') =>
  page.getByRole('region', { name: text(language, 'conversations', 'thread.messages') });

describe('conversations in the browser', () => {
  it('a question in Ukrainian on a phone, answered live; contacts masked until the hire, then a photo both ways', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Тарас Плиточник');

    const c = await freshVisit(browser);
    await logIn(c.page, client.email, client.password);
    const title = `Obklad kúpeľne ${Math.random().toString(36).slice(2, 8)}`;
    const requestId = await postRequestFrom(c.page, {
      title,
      category: 'tiling',
      description: 'Nový obklad v kúpeľni, asi 12 m².',
      location: 'Košice',
    });
    await c.page.goto('/messages');

    // The provider, on a phone in Ukrainian, asks before pricing the job.
    const p = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(p.page, provider.email, provider.password);
    await useLanguage(p.page, 'uk');
    await p.page.goto(`/request/${requestId}`);
    await p.page.getByRole('button', { name: uk('requests', 'details.ask') }).click();
    const dialog = p.page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: uk('conversations', 'start.label') })
      .fill('Чи треба знімати старий обклад? Мій номер 0905 123 456');
    await dialog.getByRole('button', { name: uk('conversations', 'start.send') }).click();
    await p.page.waitForURL(/\/messages\/[0-9a-f-]+$/);
    const mine = thread(p.page).getByText('Чи треба знімати старий обклад?');
    await mine.waitFor();
    expect(await thread(p.page).innerText()).not.toContain('0905');
    await p.page.getByText(uk('conversations', 'composer.maskedHint')).waitFor();
    expect(await overflow(p.page)).toBeLessThanOrEqual(0);

    // The client's open messages page shows it without a reload, masked, and the client answers.
    await c.page.getByText(title).first().click();
    await thread(c.page, 'sk').getByText('Чи треба знімати старий обклад?').first().waitFor();
    expect(await thread(c.page, 'sk').innerText()).not.toMatch(/0905|123 456/);
    const composer = c.page.getByRole('textbox', { name: sk('conversations', 'composer.label') });
    await composer.fill('Áno, starý obklad treba strhnúť.');
    await c.page.getByRole('button', { name: sk('conversations', 'composer.send') }).click();

    // The answer reaches the provider's phone live; the client's message shows "seen".
    await thread(p.page).getByText('Áno, starý obklad treba strhnúť.').first().waitFor();
    await thread(c.page, 'sk').getByText(sk('conversations', 'thread.seen')).first().waitFor();
    expect(await overflow(p.page)).toBeLessThanOrEqual(0);

    // The provider bids; the client hires them.
    const bidId = await bidFrom(p.page, requestId);
    const accepted = await c.page.evaluate(async (id) => {
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
      return (
        await fetch(`/api/bids/${id}/accept`, {
          method: 'PATCH',
          headers: { 'x-csrf-token': csrf },
        })
      ).status;
    }, bidId);
    expect(accepted).toBe(200);

    // After the hire the thread takes files: the provider sends a photo from the phone.
    const attach = p.page.getByRole('button', { name: uk('conversations', 'composer.attach') });
    await expect.poll(() => attach.count(), { timeout: 20_000 }).toBe(1);
    await attach.click();
    await p.page.locator('input[type=file]').setInputFiles({
      name: 'plitka.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await p.page
      .getByRole('textbox', { name: uk('conversations', 'composer.label') })
      .fill('Ось плитка. Телефон: 0905 123 456');
    await p.page.getByRole('button', { name: uk('conversations', 'composer.send') }).click();
    await thread(p.page).getByText('Телефон: 0905 123 456').first().waitFor();

    // The client sees the photo and the number, unmasked now, and answers with a photo too.
    await thread(c.page, 'sk').getByText('Телефон: 0905 123 456').first().waitFor();
    const photo = thread(c.page, 'sk').locator('img[src*="/attachments/"]');
    await expect.poll(() => photo.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const status = await c.page.evaluate(
      async (src) => (await fetch(src)).status,
      (await photo.first().getAttribute('src'))!,
    );
    expect(status).toBe(200);
    await c.page.getByRole('button', { name: sk('conversations', 'composer.attach') }).click();
    await c.page.locator('input[type=file]').setInputFiles({
      name: 'kupelna.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await composer.fill('Takto vyzerá kúpeľňa teraz.');
    await c.page.getByRole('button', { name: sk('conversations', 'composer.send') }).click();
    await thread(p.page).getByText('Takto vyzerá kúpeľňa teraz.').first().waitFor();
    await expect
      .poll(() => thread(p.page).locator('img[src*="/attachments/"]').count(), { timeout: 20_000 })
      .toBe(2);
    expect(await overflow(p.page)).toBeLessThanOrEqual(0);
    expect(c.problems.filter((line) => !/401/.test(line))).toEqual([]);
    expect(p.problems.filter((line) => !/401/.test(line))).toEqual([]);
  });
});
