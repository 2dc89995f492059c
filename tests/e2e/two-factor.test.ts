import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, seriousViolations, text } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);
const logoutButton = (page: Page) => page.getByRole('button', { name: sk('common', 'nav.logout') });

describe('two-factor sign-in', () => {
  it('a person sets up an authenticator from the shown key, signs out, and signs in with a code', async () => {
    const { email, password } = await verifiedAccount('provider', 'Dvojfázová Osoba');
    const { context, page, problems } = await freshVisit(browser);
    await logIn(page, email, password);

    await page.goto('/profile?tab=security');
    await page.getByLabel(sk('profile', 'twoFactor.password')).fill(password);
    await page.getByRole('button', { name: sk('profile', 'twoFactor.start') }).click();
    const key = (await page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
    const app = new TOTP({ secret: Secret.fromBase32(key) });
    expect(await page.getByRole('img', { name: sk('profile', 'twoFactor.qrAlt') }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(sk('profile', 'twoFactor.code')).fill(app.generate());
    await page.getByRole('button', { name: sk('profile', 'twoFactor.confirm') }).click();
    const codes = page.getByRole('list', { name: sk('profile', 'twoFactor.codesTitle') });
    await expect.poll(() => codes.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: sk('profile', 'twoFactor.codesSaved') }).click();
    await expect
      .poll(() => page.getByRole('button', { name: sk('profile', 'twoFactor.disable') }).count())
      .toBe(1);

    await logoutButton(page).click();
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
      .not.toContain('sid');
    await page.goto('/auth');
    await page.getByLabel(sk('auth', 'fields.email')).fill(email);
    await page.getByLabel(sk('auth', 'fields.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: sk('auth', 'login.submit'), exact: true }).click();
    const codeField = page.getByLabel(sk('auth', 'secondFactor.code'));
    await codeField.waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sid');

    // The code of the next 30 seconds: the one typed at enrolment is spent.
    await codeField.fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: sk('auth', 'secondFactor.submit') }).click();
    await expect.poll(() => logoutButton(page).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });
});
