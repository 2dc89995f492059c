import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CASING } from '../../src/server/db/database';
import * as schema from '../../src/server/db/schema';
import { createWorkRequest } from '../factories';
import { verifiedAccount } from './accounts-helpers';
import { freshVisit, launchBrowser, logIn, seriousViolations, text } from './browser';

let browser: Browser;
const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
const db = drizzle(pool, { schema, casing: CASING });
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await pool.end();
});

const sk = (namespace: string, key: string) => text('sk', namespace, key);

async function idOf(email: string) {
  const [user] = await db
    .select({ id: schema.users.id, name: schema.users.name })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return user!;
}

/** A completed job of `client` done by `provider`, which the client has reviewed. */
async function completedAndReviewed(clientEmail: string, providerEmail: string) {
  const client = await idOf(clientEmail);
  const provider = await idOf(providerEmail);
  const request = await createWorkRequest(db, { ...client, email: clientEmail });
  const [bid] = await db
    .insert(schema.bids)
    .values({
      workRequestId: request.id,
      providerId: provider.id,
      amountCents: 9_000,
      description: 'Vymením batériu ešte dnes.',
      status: 'ACCEPTED',
    })
    .returning();
  await db
    .update(schema.workRequests)
    .set({ status: 'COMPLETED', acceptedBidId: bid!.id })
    .where(eq(schema.workRequests.id, request.id));
  await db.insert(schema.reviews).values({
    providerId: provider.id,
    clientId: client.id,
    workRequestId: request.id,
    rating: 3,
    comment: 'Prišiel o hodinu neskôr.',
  });
  return { requestId: request.id, providerId: provider.id };
}

describe('reviews both ways in the browser', () => {
  it('on a phone, the provider rates the client and answers the client’s review; the client sees the answer, never the rating', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Peter Inštalatér');
    const { requestId, providerId } = await completedAndReviewed(client.email, provider.email);

    const p = await freshVisit(browser, { width: 360, height: 740 });
    await logIn(p.page, provider.email, provider.password);
    await p.page.goto(`/request/${requestId}`);
    const card = p.page.getByRole('region', { name: sk('clientReviews', 'title') });
    await expect.poll(() => card.textContent()).toContain(sk('clientReviews', 'figure.none'));
    await card.getByRole('button', { name: sk('clientReviews', 'form.open') }).click();
    await card
      .getByRole('button', { name: sk('providers', 'stars').replace('{{rating}}', '4') })
      .click();
    await card
      .getByLabel(sk('clientReviews', 'form.comment'))
      .fill('Platba načas, byt pripravený.');
    await card.getByRole('button', { name: sk('clientReviews', 'form.submit') }).click();
    await expect
      .poll(() => card.textContent())
      .toContain(sk('clientReviews', 'own').replace('{{rating}}', '4'));
    expect(await card.textContent()).toContain('Klient: 4,0 ★ z 1 zákazky');
    expect(await card.getByRole('button', { name: sk('clientReviews', 'form.open') }).count()).toBe(
      0,
    );
    expect(await seriousViolations(p.page)).toEqual([]);

    // The provider answers the review on their own page.
    await p.page.goto(`/provider/${providerId}`);
    const reviewsSection = p.page.getByRole('region', { name: sk('reviews', 'title') });
    await reviewsSection.getByRole('button', { name: sk('clientReviews', 'answer.write') }).click();
    await reviewsSection
      .getByLabel(sk('clientReviews', 'answer.field'))
      .fill('Ospravedlňujem sa, stál som v zápche.');
    await reviewsSection
      .getByRole('button', { name: sk('clientReviews', 'answer.publish') })
      .click();
    await expect
      .poll(() => reviewsSection.textContent())
      .toContain('Ospravedlňujem sa, stál som v zápche.');
    await expect
      .poll(() =>
        reviewsSection.getByRole('button', { name: sk('clientReviews', 'answer.edit') }).count(),
      )
      .toBe(1);
    expect(await seriousViolations(p.page)).toEqual([]);

    // The client reads the answer, with no button of the provider's, and nothing of their rating.
    const c = await freshVisit(browser, { width: 360, height: 740 });
    await logIn(c.page, client.email, client.password);
    await c.page.goto(`/provider/${providerId}`);
    const seen = c.page.getByRole('region', { name: sk('reviews', 'title') });
    await expect.poll(() => seen.textContent()).toContain('Ospravedlňujem sa, stál som v zápche.');
    expect(await seen.getByRole('button').count()).toBe(0);
    await c.page.goto(`/request/${requestId}`);
    await c.page.locator('main h1').waitFor();
    expect(await c.page.getByRole('region', { name: sk('clientReviews', 'title') }).count()).toBe(
      0,
    );
    expect(await c.page.locator('main').textContent()).not.toContain('★');

    await p.context.close();
    await c.context.close();
  });
});
