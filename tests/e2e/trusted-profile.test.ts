import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF } from '../factories/files';
import { administratorAccount, providerInPlace, verifiedAccount } from './accounts-helpers';
import {
  freshVisit,
  launchBrowser,
  logIn,
  mailTo,
  postRequestFrom,
  seriousViolations,
  text,
  untilHydrated,
  useLanguage,
} from './browser';

/**
 * A profile people trust (issue "A profile people trust"): a provider sends an insurance
 * certificate in Slovak, an administrator approves it, and a client on a 360 px phone in
 * Ukrainian sees the badge, invites the provider to bid and keeps them as a favourite.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string, values?: Record<string, string>) =>
  text('sk', namespace, key, values);
const uk = (namespace: string, key: string, values?: Record<string, string>) =>
  text('uk', namespace, key, values);
/** The words of a template before its first value ("Insured until" of "Insured until {{date}}"). */
const before = (template: string) => template.split('{{')[0]!.trim();
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Prešov (GeoNames), where the plumber works from. */
const PRESOV = 723674;

/** How far the page sticks out of the phone's screen, in pixels (0 when it fits). */
const extraWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a profile people trust, in the browser', () => {
  it('an insurance certificate sent in Slovak is approved; a client on a Ukrainian phone sees the badge, invites and keeps the provider', async () => {
    const name = `Inštalatér Poistený ${Math.random().toString(36).slice(2, 7)}`;
    const provider = await providerInPlace(name, 'plumbing', PRESOV);

    // The provider, in Slovak: a wrong IČO check digit is refused in the page's words, the right
    // one is saved, and the certificate with its date waits for a check.
    const own = await freshVisit(browser);
    await logIn(own.page, provider.email, provider.password);
    await own.page.goto('/profile');
    const ico = own.page.getByLabel(sk('verifications', 'section.icoLabel'));
    await ico.fill('00151743');
    await own.page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect
      .poll(() => own.page.getByText(sk('validation', 'invalid_ico')).count())
      .toBeGreaterThan(0);
    await ico.fill('00151742');
    await own.page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect.poll(() => own.page.getByText(sk('profile', 'saved')).count()).toBe(1);
    const insurance = own.page.getByRole('region', {
      name: sk('verifications', 'kindTitles.insurance'),
    });
    await insurance
      .getByLabel(sk('verifications', 'section.choose'))
      .setInputFiles({ name: 'poistka.pdf', mimeType: 'application/pdf', buffer: PDF });
    await insurance.getByLabel(sk('verifications', 'section.claimedUntil')).fill(inDays(300));
    await insurance.getByRole('button', { name: sk('verifications', 'section.upload') }).click();
    await expect
      .poll(() => insurance.getByText(sk('verifications', 'states.pending')).count())
      .toBe(1);
    const providerId = await own.page.evaluate(async () => {
      const answer = await fetch('/api/users/profile');
      return ((await answer.json()) as { user: { id: string } }).user.id;
    });
    expect(own.problems).toEqual([]);

    // An administrator of this journey's own opens it from the console's queue and approves it.
    const administrator = await administratorAccount();
    const desk = await freshVisit(browser);
    await logIn(desk.page, administrator.email, administrator.password);
    await desk.page.goto('/admin?tab=verifications');
    await desk.page
      .getByRole('tabpanel')
      .getByRole('button', { name: new RegExp(name) })
      .filter({ visible: true })
      .first()
      .click();
    const decision = desk.page.getByRole('dialog', { name: sk('verifications', 'admin.title') });
    await expect.poll(() => decision.getByText('00151742').count()).toBe(1);
    await decision.getByRole('button', { name: sk('verifications', 'admin.approve') }).click();
    await expect
      .poll(() => desk.page.getByText(sk('verifications', 'admin.saved')).count())
      .toBeGreaterThan(0);
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    // The provider's page answers with the badge now: to the provider, "insured until".
    await own.page.goto(`/provider/${providerId}`);
    await expect
      .poll(() => own.page.getByText(before(sk('verifications', 'badges.insured'))).count())
      .toBe(1);
    await own.context.close();

    // A client on a 360 px phone, in Ukrainian, with an open plumbing request.
    const client = await verifiedAccount('client', 'Оксана Запрошувальна');
    const phone = await freshVisit(browser, { width: 360, height: 780 });
    const { page } = phone;
    await logIn(page, client.email, client.password);
    await untilHydrated(page);
    await useLanguage(page, 'uk');
    const title = `Капає змішувач ${Math.random().toString(36).slice(2, 7)}`;
    await postRequestFrom(page, {
      title,
      description: 'Змішувач на кухні капає навіть закритий, треба замінити прокладку.',
      category: 'plumbing',
      location: 'Prešov',
    });
    await page.goto(`/provider/${providerId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect
      .poll(() => page.getByText(before(uk('verifications', 'badges.insured'))).count())
      .toBe(1);
    expect(await extraWidth(page)).toBe(0);

    // The invitation: the dialog lists the open request, and sending it says so.
    const invite = page.getByRole('button', {
      name: uk('invitations', 'invite.buttonLabel', { name }),
    });
    // What the button says begins its name, so a voice-control user can say what they see.
    expect(uk('invitations', 'invite.buttonLabel', { name })).toMatch(
      new RegExp(`^${(await invite.innerText()).trim()}`),
    );
    await invite.click();
    const dialog = page.getByRole('dialog', { name: uk('invitations', 'invite.title', { name }) });
    await dialog.getByRole('radio', { name: new RegExp(title) }).check();
    expect(await extraWidth(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: uk('invitations', 'invite.send') }).click();
    await expect
      .poll(() => page.getByText(uk('invitations', 'invite.invitedTo', { title })).count())
      .toBe(1);
    // The provider hears of it by mail, with the request's page and nothing of the client.
    const mail = await mailTo(provider.email, title);
    expect(mail.text).not.toContain('Оксана');
    expect(mail.text).not.toContain(client.email);
    expect(mail.links.some((link) => /\/request\/[0-9a-f-]+$/.test(link))).toBe(true);
    // Opened again, the dialog says the request has invited them already.
    await invite.click();
    await expect.poll(() => dialog.getByText(uk('invitations', 'invite.invited')).count()).toBe(1);
    expect(await dialog.getByRole('radio', { name: new RegExp(title) }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: uk('invitations', 'invite.cancel') }).click();

    // The heart keeps them, and says so.
    const heart = page.getByRole('button', {
      name: uk('invitations', 'favourite.label', { name }),
    });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(uk('invitations', 'favourite.label', { name })).toMatch(
      new RegExp(`^${(await heart.innerText()).trim()}`),
    );
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // The heart shows pressed at once and answers again once it is saved: only then is leaving
    // the page sure to keep them (a page left earlier cuts the request short).
    await expect.poll(() => heart.isDisabled()).toBe(false);

    // My profile's Favourites lists them with a link, fits the phone, and lets go of them.
    await page.goto('/profile?tab=favourites');
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await extraWidth(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('button', { name: uk('invitations', 'favourites.removeLabel', { name }) })
      .click();
    await page.getByText(uk('invitations', 'favourites.empty')).waitFor();
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
