import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { providerInPlace, verifiedAccount } from './accounts-helpers';
import {
  freshVisit,
  launchBrowser,
  logIn,
  mailTo,
  postRequestFrom,
  seriousViolations,
  text,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** A Slovak text with its values filled in, as the page shows it. */
const sk = (namespace: string, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, value),
    text('sk', namespace, key),
  );

/** Prešov (GeoNames), where the provider works from. */
const PRESOV = 723674;

/** An account's id, read from the app's database. */
async function idOf(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [
      email,
    ]);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

describe('inviting a provider and keeping favourites in the browser', () => {
  it('invites a plumber to bid from their page, keeps them with the heart, and lets go of them in My profile', async () => {
    const name = `Inštalatér ${Math.random().toString(36).slice(2, 7)}`;
    const provider = await providerInPlace(name, 'plumbing', PRESOV);
    const client = await verifiedAccount('client', 'Klára Pozývajúca');
    const { page, context, problems } = await freshVisit(browser);
    await logIn(page, client.email, client.password);
    const title = `Kvapkajúci kohútik ${Math.random().toString(36).slice(2, 7)}`;
    await postRequestFrom(page, {
      title,
      description: 'Kohútik v kuchyni kvapká aj po zatvorení.',
      category: 'plumbing',
      location: 'Prešov',
    });

    // The plumber's page offers the invitation.
    await page.goto(`/provider/${await idOf(provider.email)}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page
      .getByRole('button', { name: sk('invitations', 'invite.buttonLabel', { name }) })
      .click();
    const dialog = page.getByRole('dialog', { name: sk('invitations', 'invite.title', { name }) });
    await dialog.getByRole('radio', { name: new RegExp(title) }).check();
    await dialog.getByRole('button', { name: sk('invitations', 'invite.send') }).click();
    await expect
      .poll(() => page.getByText(sk('invitations', 'invite.invitedTo', { title })).count())
      .toBe(1);
    // The provider hears of it by mail, with the request's page and without the client.
    const mail = await mailTo(provider.email, title);
    expect(mail.text).not.toContain('Klára Pozývajúca');
    expect(mail.links.some((link) => /\/request\/[0-9a-f-]+$/.test(link))).toBe(true);

    // Opening the dialog again says the request has invited them.
    await page
      .getByRole('button', { name: sk('invitations', 'invite.buttonLabel', { name }) })
      .click();
    await expect.poll(() => dialog.getByText(sk('invitations', 'invite.invited')).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await dialog.getByRole('radio', { name: new RegExp(title) }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: sk('invitations', 'invite.cancel') }).click();

    // The heart keeps them, and says so.
    const heart = page.getByRole('button', {
      name: sk('invitations', 'favourite.label', { name }),
    });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    // My profile's Favourites list them, with a link, and lets go of them.
    await page.goto('/profile?tab=favourites');
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('button', { name: sk('invitations', 'favourites.removeLabel', { name }) })
      .click();
    await page.getByText(sk('invitations', 'favourites.empty')).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
