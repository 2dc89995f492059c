import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, text } from './browser';

/**
 * My profile's Favourites over more than one page (20 a page): letting go of the only provider
 * of the last page shows the page before, not "no favourites" with the others out of reach.
 */
let browser: Browser;
let pool: pg.Pool;
beforeAll(async () => {
  browser = await launchBrowser();
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
});
afterAll(async () => {
  await browser.close();
  await pool.end();
});

const sk = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, value),
    text('sk', 'invitations', key),
  );

describe('a client’s favourites, page by page', () => {
  it('letting go of the last one of page two shows page one', async () => {
    const client = await verifiedAccount('client', 'Klára Zberateľka');
    const tag = Math.random().toString(36).slice(2, 7);
    const names = Array.from(
      { length: 21 },
      (_, i) => `Majster ${tag} ${String(i).padStart(2, '0')}`,
    );
    for (const name of names) await verifiedAccount('provider', name);
    // Kept one a minute after the other: the oldest (00) is alone on page two.
    await pool.query(
      `insert into favourite_providers (client_id, provider_id, created_at)
       select c.id, p.id, now() - make_interval(mins => 100 - substring(p.name from '..$')::int)
         from users c, users p
        where c.email = $1 and p.name like $2`,
      [client.email, `Majster ${tag} %`],
    );
    const { page, problems, context } = await freshVisit(browser);
    await logIn(page, client.email, client.password);
    await page.goto('/profile?tab=favourites');
    await page.getByRole('link', { name: names[20], exact: true }).waitFor();
    await page.getByRole('button', { name: text('sk', 'common', 'pagination.next') }).click();
    await page.getByRole('link', { name: names[0], exact: true }).waitFor();
    await page
      .getByRole('button', { name: sk('favourites.removeLabel', { name: names[0]! }) })
      .click();
    await page.getByRole('link', { name: names[1], exact: true }).waitFor();
    expect(await page.getByText(sk('favourites.empty')).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
