import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts-helpers';
import {
  freshVisit,
  launchBrowser,
  logIn,
  postRequestFrom,
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
const sk = (namespace: string, key: string) => text('sk', namespace, key);

describe('a bid that says what it costs (docs/bids.md "Priced lines")', () => {
  it('a provider sends three lines in Czech at 360 px and revises them; the client sees it revised with its history and accepts', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Petr Obkladač');
    const c = await freshVisit(browser, { width: 360, height: 740 });
    await logIn(c.page, client.email, client.password);
    const id = await postRequestFrom(c.page, {
      title: `Obklad kúpeľne ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Treba obložiť kúpeľňu, asi 12 m² stien.',
      category: 'other',
      location: 'Brno',
    });
    // The client opens the request's bids before any exists.
    await c.page.goto(`/request/${id}`);

    const p = await freshVisit(browser, { width: 360, height: 740 });
    await logIn(p.page, provider.email, provider.password);
    await useLanguage(p.page, 'cs');
    await p.page.goto(`/request/${id}`);
    const lines: [string, string, string, string, string][] = [
      ['Práce obkladače', 'labour', '12,5', 'h', '25'],
      ['Lepidlo a spárovačka', 'material', '3', 'pytel', '19,90'],
      ['Výjezd', 'call_out', '1', '', '15'],
    ];
    for (const [index, [label, kind, quantity, unit, price]] of lines.entries()) {
      await p.page.getByRole('button', { name: cs('bidPrices', 'lines.add') }).click();
      await p.page.locator(`#new-bid-line-${index}-label`).fill(label);
      await p.page.locator(`#new-bid-line-${index}-kind`).selectOption(kind);
      await p.page.locator(`#new-bid-line-${index}-quantity`).fill(quantity);
      await p.page.locator(`#new-bid-line-${index}-unit`).fill(unit);
      await p.page.locator(`#new-bid-line-${index}-price`).fill(price);
    }
    // The total, in Czech format, computed as the person types.
    await expect.poll(() => p.page.getByText(/Celkem: 387,20\s€/).count()).toBe(1);
    await p.page
      .getByRole('textbox', { name: cs('bids', 'form.description'), exact: true })
      .fill('Obložím koupelnu do tří dnů, materiál přivezu.');
    await p.page.getByRole('button', { name: cs('bids', 'form.submit') }).click();
    await expect.poll(() => p.page.getByText(cs('bids', 'othersHidden')).count()).toBe(1);
    await expect.poll(() => p.page.getByRole('table').count()).toBe(1);

    // The client sees the bid first (so its revision is news to them).
    await c.page.reload();
    await expect.poll(() => c.page.getByText(/387,20\s€/).count()).toBeGreaterThan(0);

    // The provider revises: the call-out goes.
    await p.page.getByRole('button', { name: cs('bids', 'change') }).click();
    await p.page
      .getByRole('button', { name: cs('bidPrices', 'lines.remove').replace('{{number}}', '3') })
      .click();
    await p.page.getByRole('button', { name: cs('bids', 'form.saveChange') }).click();
    await expect.poll(() => p.page.getByText(cs('bidPrices', 'revised')).count()).toBe(1);

    // The client: revised, the history one click away, then accepts the price they see.
    await c.page.reload();
    await expect.poll(() => c.page.getByText(sk('bidPrices', 'revised')).count()).toBe(1);
    expect(await c.page.getByText(/372,20\s€/).count()).toBeGreaterThan(0);
    await c.page.getByRole('button', { name: sk('bidPrices', 'history.show') }).click();
    await expect
      .poll(() =>
        c.page
          .getByText(sk('bidPrices', 'history.version').replace('{{number}}', '1'), {
            exact: false,
          })
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await seriousViolations(c.page)).toEqual([]);
    // Nothing wider than the phone.
    expect(
      await c.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await c.page.getByRole('button', { name: sk('bids', 'accept.button') }).click();
    await c.page
      .getByRole('dialog')
      .getByRole('button', { name: sk('bids', 'accept.confirm') })
      .click();
    await expect
      .poll(() => c.page.getByText(sk('bids', 'status.accepted'), { exact: true }).count())
      .toBe(1);

    // After the hire the provider may only propose a new price.
    await p.page.reload();
    await expect
      .poll(() => p.page.getByRole('button', { name: cs('bidPrices', 'proposal.propose') }).count())
      .toBe(1);
    expect(await p.page.getByRole('button', { name: cs('bids', 'change') }).count()).toBe(0);
    expect(await seriousViolations(p.page)).toEqual([]);

    await c.context.close();
    await p.context.close();
  });
});
