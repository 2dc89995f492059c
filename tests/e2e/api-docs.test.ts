import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshVisit, launchBrowser } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the API documentation', () => {
  it('renders every route at /api/docs under the strict CSP, with no console errors', async () => {
    const { page, problems, context } = await freshVisit(browser);
    const document = await (await context.request.get('/api/openapi.json')).json();
    const operations = Object.values(document.paths as Record<string, object>).reduce<number>(
      (count, methods) => count + Object.keys(methods).length,
      0,
    );
    await page.goto('/api/docs');
    await expect.poll(() => page.locator('.swagger-ui .opblock').count()).toBe(operations);
    await expect
      .poll(() => page.locator('.swagger-ui .info .title').textContent())
      .toContain('Majstri API');
    // Opening an operation renders its schemas (React state, styles from the stylesheet only).
    await page.locator('.opblock-summary', { hasText: '/api/contact' }).first().click();
    await expect
      .poll(() => page.locator('.opblock.is-open .opblock-section-request-body').count())
      .toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
