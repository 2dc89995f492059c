import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import { PNG } from '../factories/files';
import {
  choosePlace,
  freshVisit,
  launchBrowser,
  logIn,
  postRequestFrom,
  seriousViolations,
  text,
  untilHydrated,
  useLanguage,
} from './browser';

/**
 * A provider's job alerts (docs/leads.md "Screen") on a 360 px phone in Russian and Ukrainian:
 * added with a town from the gazetteer, changed, and deleted after a confirmation, every control
 * on the screen. And the journey: a provider's service area around Prešov, set in Russian,
 * makes their first alert; a client's plumbing job in Košice rings their bell while they look.
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
  for (const [language, town] of [
    ['ru', 'Прешов'],
    ['uk', 'Пряшів'],
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
      await choosePlace(page, t('form.place'), town);
      await page.getByLabel(t('form.radius')).selectOption('40');
      await page.getByLabel(t('form.words')).fill('бойлер, ванна');
      await page.getByLabel(t('frequency.daily')).check();
      expect(await extraWidth(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t('form.save') }).click();

      const summary = t('summary.place').replace('{{place}}', town).replace('{{km}}', '40');
      await expect.poll(() => page.getByText(summary).count()).toBe(1);
      await expect.poll(() => page.getByText(t('frequency.daily')).count()).toBe(1);
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

describe('a lead on the bell', () => {
  it('reaches a provider with a service area around Prešov, live, at 360 px in Russian', async () => {
    const t = (namespace: string, key: string) => text('ru', namespace, key);
    const provider = await verifiedAccount('provider', 'Сантехник Прешовский');
    const { page, context, problems } = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(page, provider.email, provider.password);
    await untilHydrated(page);
    await useLanguage(page, 'ru');
    await page.goto('/profile');
    await untilHydrated(page);

    // The whole profile, with the service area: Prešov and 40 km, plumbing.
    await page.getByLabel(t('providers', 'edit.category')).selectOption('plumbing');
    await choosePlace(page, t('providers', 'edit.place'), 'Прешов');
    await page.getByLabel(t('providers', 'edit.radius')).selectOption('40');
    await page.getByLabel(t('providers', 'edit.bio')).fill('Сантехник с двадцатилетним опытом.');
    await page.getByLabel(t('providers', 'edit.hourlyRate')).fill('25');
    await page
      .locator('#field-profile_picture')
      .setInputFiles({ name: 'ja.png', mimeType: 'image/png', buffer: PNG });
    expect(await extraWidth(page)).toBe(0);
    await page.getByRole('button', { name: t('profile', 'save') }).click();
    await expect.poll(() => page.getByText(t('profile', 'saved')).count()).toBe(1);

    // Its first job alert was made from that area.
    await page.getByRole('tab', { name: t('profile', 'tabs.leads') }).click();
    const area = t('leads', 'summary.place').replace('{{place}}', 'Прешов').replace('{{km}}', '40');
    await expect.poll(() => page.getByText(area).count()).toBe(1);
    expect(await extraWidth(page)).toBe(0);

    // A client in Košice (about 32 km away) posts a plumbing job while the provider looks on.
    const bell = page.locator('header a[href="/notifications"]').first();
    expect(await bell.getAttribute('aria-label')).toBe(t('common', 'nav.notifications'));
    const client = await verifiedAccount('client', 'Клара Кошицкая');
    const other = await freshVisit(browser);
    await logIn(other.page, client.email, client.password);
    await postRequestFrom(other.page, {
      title: 'Течёт смеситель на кухне',
      description: 'Нужно заменить смеситель и прокладки, материал есть.',
      category: 'plumbing',
      location: 'Юг, у вокзала',
      place_id: '724443',
    });
    await other.context.close();

    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 })
      .toBe(t('common', 'nav.notificationsUnread_one').replace('{{count}}', '1'));
    await bell.click();
    const said = t('notifications', 'types.new_lead.text').replace(
      '{{title}}',
      'Течёт смеситель на кухне',
    );
    await expect.poll(() => page.getByText(said).count()).toBe(1);
    expect(await page.getByText(/Кошице, 3\d км/).count()).toBe(1);
    expect(await extraWidth(page)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
