import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, seriousViolations, text } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('photos of past work in the browser', () => {
  it('are added with captions, put in order by keyboard, and browsed in a lightbox by keys and swipes', async () => {
    const provider = await verifiedAccount('provider', 'Tesár Kováč');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, provider.email, provider.password);
    await page.goto('/profile');

    const section = page.getByRole('region', { name: sk('showcase', 'editor.title') });
    for (const [caption, color] of [
      ['Krov na chate', '#92400e'],
      ['Drevená terasa', '#15803d'],
    ] as const) {
      await section.locator('#field-work_photo').setInputFiles({
        name: 'IMG_1.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(color),
      });
      await section.getByLabel(sk('showcase', 'editor.caption')).fill(caption);
      await section.getByRole('button', { name: sk('showcase', 'editor.add') }).click();
      await expect.poll(() => section.getByText(caption, { exact: true }).count()).toBe(1);
    }

    // The terrace goes first: its "move up" button, reached and pressed by keyboard.
    const moveUp = section.getByRole('button', {
      name: fill(sk('showcase', 'editor.moveUp'), { caption: 'Drevená terasa' }),
    });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    const captions = () => section.locator('ol > li p').allTextContents();
    await expect.poll(captions).toEqual(['Drevená terasa', 'Krov na chate']);
    expect(await seriousViolations(page)).toEqual([]);

    const id = await page.evaluate(async () => {
      const answer = await fetch('/api/users/profile');
      return ((await answer.json()) as { user: { id: string } }).user.id;
    });
    await page.goto(`/provider/${id}`);
    const gallery = page.getByRole('region', { name: sk('showcase', 'gallery.title') });
    const images = gallery.locator('img');
    await expect.poll(() => images.count()).toBe(2);
    // Width and height are set: the page reserves the space before the image arrives.
    expect(await images.first().getAttribute('width')).toBe('640');
    expect(await images.first().getAttribute('loading')).toBe('lazy');

    await gallery
      .getByRole('button', {
        name: fill(sk('showcase', 'gallery.open'), { caption: 'Drevená terasa' }),
      })
      .click();
    const dialog = page.getByRole('dialog');
    const shown = dialog.locator('figcaption');
    await expect.poll(() => shown.textContent()).toBe('Drevená terasa');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown.textContent()).toBe('Krov na chate');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown.textContent()).toBe('Drevená terasa');

    // A swipe to the left shows the next photo.
    const box = (await dialog.locator('figure img').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => shown.textContent()).toBe('Krov na chate');
    await dialog.getByRole('button', { name: sk('showcase', 'gallery.next') }).click();
    await expect.poll(() => shown.textContent()).toBe('Drevená terasa');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
