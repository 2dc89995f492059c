import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG, TEXT } from '../factories/files';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, text } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);
/** Intl writes a no-break space before the euro sign; people read a space. */
const spaced = (value: string | null) => (value ?? '').replace(/\s/g, ' ');

describe("a provider's profile in the browser", () => {
  it('refuses a picture of the wrong type when it is chosen, previews a PNG, and saves a rate of 32,50 and a bare domain', async () => {
    const provider = await verifiedAccount('provider', 'Elektro Test');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, provider.email, provider.password);
    await page.goto('/profile');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });

    // A text file and a PDF are refused at once, in the page's words, and nothing is sent.
    const chooser = page.locator('#field-profile_picture');
    const refusal = page.locator('#field-profile_picture-error');
    await chooser.setInputFiles({ name: 'cennik.txt', mimeType: 'text/plain', buffer: TEXT });
    await expect.poll(() => refusal.allTextContents()).toEqual([sk('errors', 'picture_type')]);
    await chooser.setInputFiles({ name: 'cennik.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => refusal.allTextContents()).toEqual([sk('errors', 'picture_type')]);
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await chooser.setInputFiles({ name: 'velka.png', mimeType: 'image/png', buffer: tooLarge });
    await expect.poll(() => refusal.allTextContents()).toEqual([sk('errors', 'file_too_large')]);
    expect(writes).toEqual([]);

    // A PNG is shown before saving, from the browser's own copy (the CSP lets blob: images in).
    const picture = page.getByRole('img', { name: 'Elektro Test' });
    await chooser.setInputFiles({ name: 'ja.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await refusal.count()).toBe(0);
    expect(writes).toEqual([]);

    // A rate with a decimal comma and a website without https:// are saved as written.
    await page.getByLabel(sk('providers', 'edit.hourlyRate')).fill('32,50');
    await page.getByLabel(sk('providers', 'edit.website')).fill('elektro-test.sk');
    await page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect.poll(() => page.getByText(sk('profile', 'saved')).count()).toBe(1);
    await expect
      .poll(() => page.getByLabel(sk('providers', 'edit.website')).inputValue())
      .toBe('https://elektro-test.sk');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^\/api\/users\/profile-picture/);

    // The rate reads back in the page's language, in the form and on the public page.
    await page.reload();
    expect(await page.getByLabel(sk('providers', 'edit.hourlyRate')).inputValue()).toBe('32,50');
    const id = await page.evaluate(async () => {
      const answer = await fetch('/api/users/profile');
      return ((await answer.json()) as { user: { id: string } }).user.id;
    });
    await page.goto(`/provider/${id}`);
    const facts = page.getByRole('region', { name: sk('providers', 'facts') });
    await expect.poll(async () => spaced(await facts.textContent())).toContain('32,50 €/h');
    expect(problems).toEqual([]);
    await context.close();
  });
});
