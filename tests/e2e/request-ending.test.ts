import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import {
  choosePlace,
  freshVisit,
  launchBrowser,
  logIn,
  seriousViolations,
  text,
  useLanguage,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const cs = (namespace: string, key: string) => text('cs', namespace, key);
/** A translated text up to its first placeholder ("Nabídky do "). */
const before = (template: string) => template.slice(0, template.indexOf('{{'));

describe('the time for bids in the browser', () => {
  it('a client in Czech at 360 px chooses 7 days at posting, sees until when, and extends once', async () => {
    const account = await verifiedAccount('client', 'Jana Zadavatelka');
    const { page, context, problems } = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(page, account.email, account.password);
    await useLanguage(page, 'cs');
    await page.goto('/create');
    await page.getByLabel(cs('requests', 'create.fields.title')).fill('Výměna baterie v koupelně');
    await page.getByLabel(cs('requests', 'create.fields.category')).selectOption('plumbing');
    await page
      .getByLabel(cs('requests', 'create.fields.description'))
      .fill('Baterie v koupelně kape, je potřeba ji vyměnit.');
    const days = page.getByLabel(cs('ending', 'create.label'));
    expect(await days.inputValue()).toBe('14');
    await days.selectOption('7');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: cs('requests', 'create.next') }).click();
    await choosePlace(page, cs('requests', 'create.fields.place'), 'Trnava');
    await page.getByLabel(cs('requests', 'create.fields.location')).fill('Trnava');
    await page.getByRole('button', { name: cs('requests', 'create.next') }).click();
    const posted = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/work-requests') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: cs('requests', 'create.submit') }).click();
    const created = (await (await posted).json()) as { work_request: { bids_until: string } };
    const sevenDays = new Date(created.work_request.bids_until).getTime() - Date.now();
    expect(sevenDays).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    expect(sevenDays).toBeLessThan(7 * 24 * 3_600_000 + 60_000);

    await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
    const until = page.getByTestId('bids-until');
    await expect.poll(() => until.textContent()).toContain(before(cs('ending', 'bidsUntil')));
    const first = await until.textContent();
    expect(first).toContain(String(new Date(created.work_request.bids_until).getFullYear()));

    // The one extension: 3 days more, then no second one is offered.
    await page.getByLabel(cs('ending', 'extend.days')).selectOption('3');
    await page.getByRole('button', { name: cs('ending', 'extend.button') }).click();
    await page.getByText(cs('ending', 'extend.used')).waitFor();
    expect(await until.textContent()).not.toBe(first);
    expect(await page.getByRole('button', { name: cs('ending', 'extend.button') }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
