import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, seriousViolations, text, useLanguage } from './browser';

/**
 * A provider's job alerts (docs/leads.md "Screen") on a 360 px phone in Russian and Ukrainian:
 * added with a town from the gazetteer, changed, and deleted after a confirmation, every control
 * on the screen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** What sticks out of a 360 px screen: the document's extra width. */
const extraWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('job alerts on a phone', () => {
  for (const [language, town, typed] of [
    ['ru', 'Прешов', 'прешов'],
    ['uk', 'Пряшів', 'пряшів'],
  ] as const) {
    it(`are added, changed and deleted at 360 px in ${language}`, async () => {
      const t = (key: string) => text(language, 'leads', key);
      const provider = await verifiedAccount('provider', 'Инсталлятор Прешовский');
      const { page, context, problems } = await freshVisit(browser, { width: 360, height: 740 });
      await logIn(page, provider.email, provider.password);
      await useLanguage(page, language);
      await page.goto('/profile?tab=leads');
      await expect.poll(() => page.getByText(t('empty')).count()).toBe(1);
      expect(await extraWidth(page)).toBe(0);

      await page.getByRole('button', { name: t('add') }).click();
      await page.getByLabel(text(language, 'categories', 'plumbing'), { exact: true }).check();
      await page
        .getByLabel(text(language, 'categories', 'heating_gas_sanitary'), { exact: true })
        .check();
      await page.getByRole('combobox', { name: t('form.place') }).fill(typed);
      await page.getByRole('option', { name: new RegExp(`^${town}`) }).click();
      await page.getByLabel(t('form.radius')).selectOption('40');
      await page.getByLabel(t('form.words')).fill('бойлер, ванна');
      await page.getByLabel(t('frequency.daily')).check();
      expect(await extraWidth(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t('form.save') }).click();

      const summary = t('summary.place').replace('{{place}}', town).replace('{{km}}', '40');
      await expect.poll(() => page.getByText(summary).count()).toBe(1);
      expect(await page.getByText(t('frequency.daily')).count()).toBe(1);
      expect(await extraWidth(page)).toBe(0);

      // Changed to 100 km at once; the list keeps one alert.
      await page.getByRole('button', { name: t('editLabel').replace('{{place}}', town) }).click();
      await page.getByLabel(t('form.radius')).selectOption('100');
      await page.getByRole('button', { name: t('form.save') }).click();
      const wider = t('summary.place').replace('{{place}}', town).replace('{{km}}', '100');
      await expect.poll(() => page.getByText(wider).count()).toBe(1);

      // Deleted after the confirmation says what is lost; it stays gone after a reload.
      await page.getByRole('button', { name: t('deleteLabel').replace('{{place}}', town) }).click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.textContent())
        .toContain(t('delete.message').replace('{{place}}', town));
      await dialog.getByRole('button', { name: t('delete.confirm') }).click();
      await expect.poll(() => page.getByText(t('empty')).count()).toBe(1);
      await page.reload();
      await expect.poll(() => page.getByText(t('empty')).count()).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
