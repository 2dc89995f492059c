import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PDF } from '../factories/files';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, text } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);
const before = (template: string) => template.split('{{')[0]!.trim();
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('checked insurance in the browser', () => {
  it('a provider enters an IČO and uploads a certificate; an administrator approves it; the badge shows', async () => {
    const name = `Poistený Majster ${Date.now()}`;
    const provider = await verifiedAccount('provider', name);
    const own = await freshVisit(browser);
    await logIn(own.page, provider.email, provider.password);
    await own.page.goto('/profile');

    // A wrong check digit is refused in the page's words; the right one is saved.
    const ico = own.page.getByLabel(sk('verifications', 'section.icoLabel'));
    await ico.fill('00151743');
    await own.page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect
      .poll(() => own.page.getByText(sk('validation', 'invalid_ico')).count())
      .toBeGreaterThan(0);
    await ico.fill('00151742');
    await own.page.getByRole('button', { name: sk('profile', 'save') }).click();
    await expect.poll(() => own.page.getByText(sk('profile', 'saved')).count()).toBe(1);

    // The certificate with its date: it waits for a check.
    const insurance = own.page.getByRole('region', {
      name: sk('verifications', 'kindTitles.insurance'),
    });
    await insurance
      .getByLabel(sk('verifications', 'section.file'))
      .setInputFiles({ name: 'poistka.pdf', mimeType: 'application/pdf', buffer: PDF });
    await insurance.getByLabel(sk('verifications', 'section.claimedUntil')).fill(inDays(300));
    await insurance.getByRole('button', { name: sk('verifications', 'section.upload') }).click();
    await expect
      .poll(() => insurance.getByText(sk('verifications', 'states.pending')).count())
      .toBe(1);
    const id = await own.page.evaluate(async () => {
      const answer = await fetch('/api/users/profile');
      return ((await answer.json()) as { user: { id: string } }).user.id;
    });
    expect(own.problems).toEqual([]);

    // The administrator opens it from the queue and approves it.
    const desk = await freshVisit(browser);
    const login = inject('adminLogin');
    await logIn(desk.page, login.email, login.password);
    await desk.page.goto('/admin?tab=verifications');
    const panel = desk.page.getByRole('tabpanel');
    await panel
      .getByRole('button', { name: new RegExp(name) })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = desk.page.getByRole('dialog', { name: sk('verifications', 'admin.title') });
    await expect.poll(() => dialog.getByText('00151742').count()).toBe(1);
    await dialog.getByRole('button', { name: sk('verifications', 'admin.approve') }).click();
    await expect
      .poll(() => desk.page.getByText(sk('verifications', 'admin.saved')).count())
      .toBeGreaterThan(0);
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    // A client reading the provider's page (signed in: the page is for signed-in people) sees "Insured until …".
    const client = await verifiedAccount('client', 'Klára Čitateľka');
    const visitor = await freshVisit(browser);
    await logIn(visitor.page, client.email, client.password);
    await visitor.page.goto(`/provider/${id}`);
    await expect
      .poll(() => visitor.page.getByText(before(sk('verifications', 'badges.insured'))).count())
      .toBe(1);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
    await own.context.close();
  });
});
