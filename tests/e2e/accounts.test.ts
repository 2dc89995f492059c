import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  freshVisit,
  launchBrowser,
  logIn,
  mailTo,
  text,
  uniqueEmail,
  visitorAddress,
} from './browser';
import { solve, verifiedAccount } from './accounts-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

const logoutButton = (page: Page) => page.getByRole('button', { name: sk('common', 'nav.logout') });

describe('accounts in the browser', () => {
  it('registers a client, verifies through the mailed link, signs in and signs out', async () => {
    const { page, context, problems } = await freshVisit(browser);
    const email = uniqueEmail('journey');
    await page.goto('/auth?mode=register-client');
    await page.getByLabel(sk('auth', 'fields.name')).fill('Lucia Nováková');
    await page.getByLabel(sk('auth', 'fields.email')).fill(email);
    await page.getByLabel(sk('auth', 'fields.password'), { exact: true }).fill('Kupelna2026');
    await page.getByLabel(sk('auth', 'fields.confirmPassword')).fill('Kupelna2026');
    const question = page.locator('label[for="field-math_answer"]');
    await expect.poll(() => question.textContent()).toMatch(/\d/);
    await page.locator('#field-math_answer').fill(String(solve((await question.textContent())!)));
    await page.getByRole('button', { name: sk('auth', 'register.submitClient') }).click();

    await expect
      .poll(() => heading(page).textContent())
      .toBe(sk('auth', 'titles.verification-required'));
    expect(await page.getByText(sk('auth', 'register.success')).count()).toBe(1);

    const mail = await mailTo(email, 'Potvrďte svoj e-mail');
    await page.goto(mail.links[0]!);
    await expect.poll(() => heading(page).textContent()).toBe(sk('auth', 'verify.successTitle'));
    await page
      .getByRole('main')
      .getByRole('link', { name: sk('auth', 'verify.toLogin') })
      .click();

    await page.getByLabel(sk('auth', 'fields.email')).fill(email);
    await page.getByLabel(sk('auth', 'fields.password'), { exact: true }).fill('Kupelna2026');
    await page.getByRole('button', { name: sk('auth', 'login.submit'), exact: true }).click();
    await expect.poll(() => logoutButton(page).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('has_session');

    // Signing out on a page only signed-in people see: one notice, not also "you must sign in".
    await page.goto('/profile');
    await heading(page).waitFor();
    await logoutButton(page).click();
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: sk('common', 'nav.login') })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByText(sk('common', 'nav.loggedOut')).count()).toBe(1);
    expect(await page.getByText(sk('common', 'guards.mustLogIn')).count()).toBe(0);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sid');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const account = await verifiedAccount('client', 'Ondrej Zabudlivý');
    const { page, context } = await freshVisit(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: sk('auth', 'login.forgot') }).click();
    await page.getByLabel(sk('auth', 'fields.email')).fill(account.email);
    await page.getByRole('button', { name: sk('auth', 'forgot.submit') }).click();
    await expect.poll(() => page.getByText(sk('auth', 'forgot.sent')).count()).toBe(1);

    const mail = await mailTo(account.email, 'Obnovenie hesla');
    await page.goto(mail.links[0]!);
    await expect.poll(() => page.getByText('Ondrej Zabudlivý', { exact: false }).count()).toBe(1);
    await page.getByLabel(sk('auth', 'fields.newPassword')).fill('Novucke2027');
    await page.getByLabel(sk('auth', 'fields.confirmPassword')).fill('Novucke2027');
    await page.getByRole('button', { name: sk('auth', 'reset.submit') }).click();
    // Spec: to login after 2 seconds.
    await page.waitForURL('**/auth');

    await logIn(page, account.email, 'Novucke2027');
    await expect.poll(() => logoutButton(page).count()).toBe(1);
    await context.close();
  });

  it('offers the way on from a verification link cut short', async () => {
    const { page, context } = await freshVisit(browser);
    await page.goto('/verify-email');
    await expect.poll(() => heading(page).textContent()).toBe(sk('auth', 'verify.errorTitle'));
    for (const key of ['verify.toLogin', 'verify.home'])
      expect(
        await page
          .locator('main')
          .getByRole('link', { name: sk('auth', key) })
          .count(),
      ).toBe(1);
    await page.getByRole('link', { name: sk('auth', 'verify.requestNew') }).click();
    await page.waitForURL((url) => url.search === '?mode=verification-required');
    await context.close();
  });

  it('lists the signed-in devices and signs out the other ones', async () => {
    const account = await verifiedAccount('provider', 'Dvojitá Prihlásená');
    const phone = await freshVisit(browser);
    await logIn(phone.page, account.email, account.password);
    const laptop = await freshVisit(browser);
    await logIn(laptop.page, account.email, account.password);

    await laptop.page.goto('/profile?tab=security');
    const list = laptop.page.getByRole('list', { name: sk('profile', 'devices.title') });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByText(sk('profile', 'devices.thisDevice')).count()).toBe(1);
    await laptop.page.getByRole('button', { name: sk('profile', 'devices.signOutOthers') }).click();
    const dialog = laptop.page.getByRole('dialog', { name: sk('profile', 'devices.othersTitle') });
    await dialog.getByRole('button', { name: sk('profile', 'devices.signOutOthers') }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    // The other browser finds itself signed out at its next visit.
    await phone.page.goto('/profile?tab=security');
    await expect.poll(() => phone.page.getByText(sk('common', 'guards.mustLogIn')).count()).toBe(1);
    expect(await logoutButton(laptop.page).count()).toBe(1);
    await phone.context.close();
    await laptop.context.close();
  });

  it('signs up with Google, choosing the client role', async () => {
    const { page, context } = await freshVisit(browser);
    await page.goto('/auth');
    await page.getByRole('link', { name: sk('auth', 'login.google') }).click();
    // The stand-in for Google shows its own sign-in form.
    await page.locator('input[name="login"]').fill(inject('googleLogins')[0]!);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').first().click();

    const dialog = page.getByRole('dialog', { name: sk('auth', 'role.title') });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await dialog.getByRole('button', { name: sk('auth', 'role.client') }).click();

    await expect.poll(() => logoutButton(page).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/profile?tab=security');
    await expect.poll(() => page.getByText(sk('profile', 'password.google')).count()).toBe(1);
    await context.close();
  });

  it('locks the account after five wrong passwords and says so', async () => {
    const account = await verifiedAccount('provider');
    const { page, context } = await freshVisit(browser);
    // Five guesses from five addresses: the per-address limit is not what stops them; the lock is.
    await page.route('**/api/auth/login', (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'x-forwarded-for': visitorAddress() },
      }),
    );
    await page.goto('/auth');
    await page.getByLabel(sk('auth', 'fields.email')).fill(account.email);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page
        .getByLabel(sk('auth', 'fields.password'), { exact: true })
        .fill(`Zle${attempt}heslo`);
      await page.getByRole('button', { name: sk('auth', 'login.submit'), exact: true }).click();
      const expected =
        attempt < 5
          ? text('sk', 'errors', 'invalid_credentials')
          : text('sk', 'errors', 'account_locked');
      await expect.poll(() => alert.textContent()).toContain(expected);
    }
    await context.close();
  });

  it('carries the language saved in one browser to a sign-in in a fresh one', async () => {
    const account = await verifiedAccount('client');
    const first = await freshVisit(browser);
    await logIn(first.page, account.email, account.password);
    await expect.poll(() => logoutButton(first.page).count()).toBe(1);
    const saved = first.page.waitForResponse((response) =>
      response.url().endsWith('/api/users/language'),
    );
    await first.page.locator('#language-desktop').selectOption('cs');
    expect((await saved).status()).toBe(200);
    await first.context.close();

    const second = await freshVisit(browser);
    await logIn(second.page, account.email, account.password);
    await expect
      .poll(() => heading(second.page).textContent())
      .toBe(text('cs', 'home', 'hero.title'));
    expect(await second.page.getAttribute('html', 'lang')).toBe('cs');
    await second.context.close();
  });

  it('sends a visitor away from the profile page with the must-log-in notice', async () => {
    const { page, context } = await freshVisit(browser);
    await page.goto('/profile');
    await expect.poll(() => page.getByText(sk('common', 'guards.mustLogIn')).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
