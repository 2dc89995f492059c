import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../factories/files';
import { registeredAccount } from './accounts-helpers';
import { choosePlace, freshVisit, launchBrowser, mailTo, seriousViolations, text } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);

describe("a new provider's start", () => {
  it('opens the verification link again, is welcomed at the first sign-in and completes the profile from its checklist', async () => {
    const name = 'Nový Majster';
    const account = await registeredAccount('provider', name);
    const { page, context, problems } = await freshVisit(browser);

    // The link from the mail, opened again: the account is verified already, and sign-in is offered.
    const link = new URL((await mailTo(account.email, 'Potvrďte')).links[0]!);
    await page.goto(`${link.pathname}${link.search}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(sk('auth', 'verify.alreadyTitle'));
    expect(
      await page.getByRole('button', { name: sk('auth', 'verification.resend') }).count(),
    ).toBe(0);
    await page
      .getByRole('main')
      .getByRole('link', { name: sk('auth', 'verify.toLogin') })
      .click();
    await page.waitForURL((url) => url.pathname === '/auth');

    await page.getByLabel(sk('auth', 'fields.email')).fill(account.email);
    await page.getByLabel(sk('auth', 'fields.password'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: sk('auth', 'login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const welcome = sk('auth', 'login.welcome').replace('{{name}}', name);
    await expect.poll(() => page.getByText(welcome).count()).toBe(1);

    // Home shows what the profile lacks; each item leads to its field.
    const checklist = page.getByRole('region', { name: sk('providers', 'checklist.title') });
    await expect.poll(() => checklist.getByRole('link').count()).toBe(5);
    expect(await seriousViolations(page)).toEqual([]);
    await checklist.getByRole('link', { name: sk('providers', 'checklist.items.bio') }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#field-bio');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-bio');

    await page.getByLabel(sk('providers', 'edit.bio')).fill('Voda, kúrenie, plyn. Rýchlo a čisto.');
    await page.getByLabel(sk('providers', 'edit.category')).selectOption('plumbing');
    await choosePlace(page, sk('providers', 'edit.place'), 'Nitra');
    await page.getByLabel(sk('providers', 'edit.hourlyRate')).fill('25');
    await page.getByRole('button', { name: sk('profile', 'save') }).click();
    // Saved: four items done, the picture is left.
    await expect.poll(() => checklist.getByRole('link').count()).toBe(1);
    expect(
      await checklist
        .getByRole('link', { name: sk('providers', 'checklist.items.profile_picture') })
        .count(),
    ).toBe(1);

    await page
      .locator('#field-profile_picture')
      .setInputFiles({ name: 'ja.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect.poll(() => checklist.count()).toBe(0);
    await page.goto('/');
    await page.locator('main h1').waitFor();
    expect(await checklist.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
