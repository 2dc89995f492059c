import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** The document's extra width past the screen, and controls of the form that stick out of it. */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [
      ...document.querySelectorAll<HTMLElement>(
        'main label, main input, main select, main li, main legend',
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > width + 1);
      })
      .map((element) => element.textContent?.trim().slice(0, 30) ?? element.tagName);
    return { extra: document.documentElement.scrollWidth - width, out };
  });

describe('the place picker', () => {
  it('is worked by keyboard on a phone in Russian and Ukrainian, and fits at 360 px', async () => {
    const account = await verifiedAccount('client', 'Олександра Костянтинопольська');
    const { page, context, problems } = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(page, account.email, account.password);
    await untilHydrated(page);

    for (const language of ['ru', 'uk'] as const) {
      const t = (namespace: string, key: string) => text(language, namespace, key);
      await useLanguage(page, language);
      await page.goto('/create');
      await untilHydrated(page);
      await page.getByLabel(t('requests', 'create.fields.title')).fill('Прочистка канализации');
      await page
        .getByLabel(t('requests', 'create.fields.description'))
        .fill('Засорилась труба на кухне, вода не уходит.');
      await page.getByRole('button', { name: t('requests', 'create.next') }).click();

      // Without a place the step does not go on, and the picker says why.
      await page.getByLabel(t('requests', 'create.fields.location')).fill('Юг, у вокзала');
      await page.getByRole('button', { name: t('requests', 'create.next') }).click();
      await expect
        .poll(() => page.getByText(t('validation', 'place_required')).count())
        .toBeGreaterThan(0);

      const label = t('requests', 'create.fields.place');
      const box = page.getByRole('combobox', { name: label });
      const list = page.getByRole('listbox', { name: label });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('field-place_id');
      expect(await page.getByText(t('places', 'picker.villageHint')).count()).toBe(1);

      // Typed in Cyrillic, without the accent: Košice is offered in the page's language.
      await box.fill('Кошиц');
      await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(0);
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const first = list.getByRole('option').first();
      expect(await first.textContent()).toContain(t('places', 'countries.SK'));
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowOf(page)).toEqual({ extra: 0, out: [] });

      // Down makes the first option active, Escape closes the list, Down opens it again.
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      expect(await first.getAttribute('aria-selected')).toBe('true');
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.press('ArrowDown');
      await box.press('ArrowDown');
      // Enter chooses it; the list closes and the region and country show under the box.
      const name = (await first.locator('span').first().textContent())!;
      await box.press('Enter');
      expect(await box.inputValue()).toBe(name);
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#field-place_id-where').textContent()).toContain(
        t('places', 'countries.SK'),
      );

      // A name nobody has: the list says so.
      await box.fill('Шшшщщщ');
      await expect
        .poll(() =>
          page.getByText(t('places', 'picker.noMatch').replace('{{text}}', 'Шшшщщщ')).count(),
        )
        .toBeGreaterThan(0);
      // Leaving the box puts the chosen place back.
      await page.getByLabel(t('requests', 'create.fields.location')).focus();
      expect(await box.inputValue()).toBe(name);
      // Emptying it clears the choice.
      await box.fill('');
      await page.getByLabel(t('requests', 'create.fields.location')).focus();
      expect(await page.locator('#field-place_id-where').count()).toBe(0);

      await choosePlace(page, label, name);
      expect(await overflowOf(page)).toEqual({ extra: 0, out: [] });
      await page.getByRole('button', { name: t('requests', 'create.next') }).click();
      await page.getByRole('button', { name: t('requests', 'create.submit') }).click();
      await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
      // The request's page names the town, then the detail line.
      await expect.poll(() => page.getByText(`${name} · Юг, у вокзала`).count()).toBe(1);
      const address = new URL(page.url()).pathname;

      // Browse's town filter offers the town, and finds the request by it, which its detail line
      // does not say.
      await page.goto('/browse');
      await untilHydrated(page);
      const town = page.getByRole('combobox', { name: t('requests', 'browse.location') });
      await town.fill(name.slice(0, 3));
      const towns = page.getByRole('listbox', { name: t('requests', 'browse.location') });
      await towns.getByRole('option', { name, exact: true }).click();
      expect(await town.inputValue()).toBe(name);
      await page.getByRole('button', { name: t('requests', 'browse.submit') }).click();
      await page.waitForURL((url) => url.searchParams.get('location') === name);
      await expect.poll(() => page.locator(`main a[href="${address}"]`).count()).toBe(1);
      // Its card names the town, then the detail line, as its page does.
      const card = page.locator('article', { has: page.locator(`a[href="${address}"]`) });
      expect(await card.getByText(`${name} · Юг, у вокзала`).count()).toBe(1);
      expect(await overflowOf(page)).toEqual({ extra: 0, out: [] });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sets a provider’s service area, which opens Jobs for me, and fits at 360 px in Ukrainian', async () => {
    const account = await verifiedAccount('provider', 'Інсталяторство Великоморавське');
    const { page, context, problems } = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(page, account.email, account.password);
    await untilHydrated(page);
    await useLanguage(page, 'uk');
    const t = (namespace: string, key: string) => text('uk', namespace, key);
    await page.goto('/profile');
    await untilHydrated(page);

    expect(await page.getByLabel(t('providers', 'edit.radius')).isDisabled()).toBe(true);
    await page.getByLabel(t('providers', 'edit.category')).selectOption('plumbing');
    await choosePlace(page, t('providers', 'edit.place'), 'Пряшів');
    const radius = page.getByLabel(t('providers', 'edit.radius'));
    expect(await radius.inputValue()).toBe('30');
    await radius.selectOption('40');
    const categories = page.getByRole('group', { name: t('providers', 'edit.categories') });
    // The trade is ticked and fixed; more may be chosen.
    const trade = categories.getByLabel(t('categories', 'plumbing'), { exact: true });
    expect(await trade.isChecked()).toBe(true);
    expect(await trade.isDisabled()).toBe(true);
    await categories.getByLabel(t('categories', 'heating_gas_sanitary'), { exact: true }).check();
    expect(await overflowOf(page)).toEqual({ extra: 0, out: [] });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: text('uk', 'profile', 'save') }).click();
    await expect.poll(() => page.getByText(text('uk', 'profile', 'saved')).count()).toBe(1);

    // Jobs for me: browse around Prešov within 40 km, in the trade; beside the form and in the menu.
    const jobsForMe = text('uk', 'common', 'nav.jobsForMe');
    const path = '/browse?near=723819&radius_km=40&category=plumbing';
    const besideForm = page.getByRole('main').getByRole('link', { name: jobsForMe });
    await expect.poll(() => besideForm.count()).toBe(1);
    expect(await besideForm.getAttribute('href')).toBe(path);
    await page.getByRole('button', { name: text('uk', 'common', 'nav.openMenu') }).click();
    const inMenu = page
      .getByRole('navigation', { name: text('uk', 'common', 'nav.main') })
      .getByRole('link', { name: jobsForMe });
    await expect.poll(() => inMenu.count()).toBe(1);
    expect(await inMenu.getAttribute('href')).toBe(path);
    await page.keyboard.press('Escape');

    // The public page names the town and how far the provider goes.
    const id = await page.evaluate(
      async () =>
        ((await (await fetch('/api/auth/session')).json()) as { user: { id: string } }).user.id,
    );
    await page.goto(`/provider/${id}`);
    await untilHydrated(page);
    await expect
      .poll(() =>
        page
          .getByText(t('providers', 'servesWithin').replace('{{km}}', '40'), { exact: false })
          .count(),
      )
      .toBe(1);
    expect(await overflowOf(page)).toEqual({ extra: 0, out: [] });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('names a card’s town in the language chosen, without reloading the page', async () => {
    const account = await verifiedAccount('client', 'Zuzana Horváthová');
    const { page, context, problems } = await freshVisit(browser, { width: 1280, height: 900 });
    await logIn(page, account.email, account.password);
    await untilHydrated(page);
    const title = 'Výmena sifónu pod umývadlom';
    const id = await postRequestFrom(page, {
      title,
      description: 'Sifón pod umývadlom v kúpeľni tečie, treba ho vymeniť.',
      category: 'plumbing',
      location: 'Terasa, pri pošte',
      place_id: '724443',
    });
    await useLanguage(page, 'sk');
    await page.goto(`/browse?q=${encodeURIComponent('sifonu umyvadlom')}`);
    await untilHydrated(page);
    const card = page.locator('article', { has: page.locator(`a[href="/request/${id}"]`) });
    await expect.poll(() => card.getByText('Košice · Terasa, pri pošte').count()).toBe(1);

    // Chosen on the page: the list is asked again and the town is named in Ukrainian.
    await page.locator('#language-desktop').selectOption('uk');
    await expect.poll(() => card.getByText('Кошиці · Terasa, pri pošte').count()).toBe(1);
    expect(page.url()).toContain('/browse?q=');
    expect(problems).toEqual([]);
    await context.close();
  });
});
