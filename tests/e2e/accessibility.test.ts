import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshVisit, launchBrowser, seriousViolations } from './browser';

/** The public pages, scanned by axe as a visitor first meets them. */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('accessibility of the public pages', () => {
  it.each([
    '/',
    '/privacy',
    '/no-such-page',
    '/contact',
    '/auth',
    '/auth?mode=register-provider',
    '/password-reset',
    '/browse',
    '/browse?near=723819&radius_km=40&sort=distance',
    '/providers?category=plumbing&near=723819',
  ])('has no serious or critical accessibility violation on %s', async (path) => {
    const { page, context, problems } = await freshVisit(browser);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const serious = await seriousViolations(page);
    expect(serious).toEqual([]);
    // The unknown page is answered with status 404 on purpose; anything else is a problem.
    expect(
      problems.filter((problem) => !(path === '/no-such-page' && problem.includes('404'))),
    ).toEqual([]);
    await context.close();
  });
});
