import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administratorAccount, verifiedAccount } from './accounts-helpers';
import {
  freshVisit,
  launchBrowser,
  logIn,
  postRequestFrom,
  seriousViolations,
  text,
  useLanguage,
  type Visit,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const cs = (namespace: string, key: string) => text('cs', namespace, key);
const sk = (namespace: string, key: string) => text('sk', namespace, key);
/** A translated text with its placeholders filled in. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);

const phone = { width: 360, height: 740 };

/** What a person on a phone must never meet: a page that scrolls sideways. */
async function fitsThePhone(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}

/** The page as a person finds it: no serious accessibility problem, nothing wider than the phone. */
async function expectUsable(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsThePhone(page)).toBe(true);
}

describe('finishing the job in the browser, at 360 px (issue 32)', () => {
  let c: Visit;
  let p: Visit;
  let a: Visit;
  afterAll(async () => {
    for (const visit of [c, p, a]) await visit?.context.close();
  });

  it('a Czech provider bids in three lines and revises; the client accepts; done, a problem, an administrator completes it; both review each other', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Petr Obkladač');
    const admin = await administratorAccount();
    const title = `Obklad kúpeľne ${Math.random().toString(36).slice(2, 8)}`;

    // The client (in Slovak) posts a request and opens it before any bid exists.
    c = await freshVisit(browser, phone);
    await logIn(c.page, client.email, client.password);
    const id = await postRequestFrom(c.page, {
      title,
      description: 'Treba obložiť kúpeľňu, asi 12 m² stien.',
      category: 'other',
      location: 'Brno',
    });
    await c.page.goto(`/request/${id}`);

    // The provider, in Czech, sends a bid of three priced lines.
    p = await freshVisit(browser, phone);
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
    // The client's figure, on the card about them and above the price; the form fits the phone.
    await expect.poll(() => p.page.getByText(cs('clientReviews', 'figure.none')).count()).toBe(2);
    await expectUsable(p.page);
    await p.page.getByRole('button', { name: cs('bids', 'form.submit') }).click();
    await expect.poll(() => p.page.getByText(cs('bids', 'othersHidden')).count()).toBe(1);
    await expect.poll(() => p.page.getByRole('table').count()).toBe(1);

    // The client sees the bid first (so its revision is news to them).
    await c.page.reload();
    await expect.poll(() => c.page.getByText(/387,20\s€/).count()).toBeGreaterThan(0);

    // The provider revises: the call-out goes.
    await p.page.getByRole('button', { name: cs('bids', 'change') }).click();
    await p.page
      .getByRole('button', { name: filled(cs('bidPrices', 'lines.remove'), { number: '3' }) })
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
          .getByText(filled(sk('bidPrices', 'history.version'), { number: '1' }), { exact: false })
          .count(),
      )
      .toBeGreaterThan(0);
    await expectUsable(c.page);
    await c.page.getByRole('button', { name: sk('bids', 'accept.button') }).click();
    await c.page
      .getByRole('dialog')
      .getByRole('button', { name: sk('bids', 'accept.confirm') })
      .click();
    await expect
      .poll(() => c.page.getByText(sk('bids', 'status.accepted'), { exact: true }).count())
      .toBe(1);

    // After the hire the provider may only propose a new price, and says the job is done.
    await p.page.reload();
    await expect
      .poll(() => p.page.getByRole('button', { name: cs('bidPrices', 'proposal.propose') }).count())
      .toBe(1);
    expect(await p.page.getByRole('button', { name: cs('bids', 'change') }).count()).toBe(0);
    await expectUsable(p.page);
    await p.page.getByLabel(cs('completion', 'done.note')).fill('Obklad hotový, spáry vyčištěné.');
    await p.page.getByRole('button', { name: cs('completion', 'done.button') }).click();
    await p.page.getByText(cs('requests', 'status.done')).first().waitFor();

    // The client reads the provider's word, and reports a problem instead of confirming.
    await c.page.reload();
    await c.page.getByText('Obklad hotový, spáry vyčištěné.').waitFor();
    await c.page.getByRole('button', { name: sk('completion', 'confirm.button') }).waitFor();
    await c.page.getByRole('button', { name: sk('completion', 'problem.open') }).click();
    await c.page
      .getByLabel(sk('completion', 'problem.reason'))
      .selectOption({ label: sk('completion', 'reasons.poor_quality') });
    await c.page
      .getByLabel(sk('completion', 'problem.text'))
      .fill('Dve dlaždice pri vani odpadli.');
    await c.page.getByRole('button', { name: sk('completion', 'problem.button') }).click();
    await c.page.getByText(sk('requests', 'status.disputed')).first().waitFor();
    await c.page.getByText(sk('completion', 'disputed')).waitFor();
    expect(
      await c.page.getByRole('button', { name: sk('completion', 'confirm.button') }).count(),
    ).toBe(0);
    await expectUsable(c.page);

    // An administrator opens the case: both sides' words and the bid as revised.
    a = await freshVisit(browser, phone);
    await logIn(a.page, admin.email, admin.password);
    await a.page.goto('/admin?tab=cases');
    await a.page
      .getByRole('button', { name: `${sk('completion', 'cases.view')} – ${title}` })
      .click();
    const dialog = a.page.getByRole('dialog');
    await dialog.getByText('Dve dlaždice pri vani odpadli.').waitFor();
    expect(await dialog.getByText('Obklad hotový, spáry vyčištěné.').count()).toBe(1);
    // The bid as it stands, its lines and total, then its versions: the first still had the
    // call-out.
    expect(await dialog.getByText(/372,20\s€/).count()).toBeGreaterThan(0);
    await dialog
      .getByText(filled(sk('bidPrices', 'history.version'), { number: '1' }), { exact: false })
      .waitFor();
    expect(await dialog.getByText(/387,20\s€/).count()).toBeGreaterThan(0);
    await expectUsable(a.page);
    // The decision: the job is complete, so both may review.
    await dialog.getByLabel(sk('completion', 'cases.actions.complete')).check();
    await dialog
      .getByLabel(sk('completion', 'cases.note'))
      .fill('Podľa fotografií je obklad hotový, dlaždice dolepí majster na svoje náklady.');
    await dialog.getByRole('button', { name: sk('completion', 'cases.submit') }).click();
    await dialog.getByText(sk('completion', 'cases.closed')).waitFor();

    // The client reads the decision, and reviews the provider from the request's page.
    await c.page.reload();
    await c.page.getByText('dlaždice dolepí majster na svoje náklady', { exact: false }).waitFor();
    await c.page.getByText(sk('requests', 'status.completed')).first().waitFor();
    expect(await fitsThePhone(c.page)).toBe(true);
    await c.page.getByRole('link', { name: sk('bids', 'contact.review') }).click();
    const review = c.page.locator('form', { hasText: sk('reviews', 'form.title') });
    await review
      .getByRole('button', { name: filled(sk('providers', 'stars'), { rating: '4' }) })
      .click();
    await review
      .getByLabel(sk('reviews', 'form.comment'))
      .fill('Pekná práca, ale meškal o hodinu.');
    await expectUsable(c.page);
    await review.getByRole('button', { name: sk('reviews', 'form.submit') }).click();
    const clientSees = c.page.getByRole('region', { name: sk('reviews', 'title') });
    await expect
      .poll(() => clientSees.textContent())
      .toContain('Pekná práca, ale meškal o hodinu.');
    await expect.poll(() => review.count()).toBe(0);
    const providerPage = c.page.url();

    // The provider reads the decision and rates the client on the request's page.
    await p.page.reload();
    await p.page.getByText('dlaždice dolepí majster na svoje náklady', { exact: false }).waitFor();
    await p.page.getByText(cs('requests', 'status.completed')).first().waitFor();
    const card = p.page.getByRole('region', { name: cs('clientReviews', 'title') });
    await expect.poll(() => card.textContent()).toContain(cs('clientReviews', 'figure.none'));
    await card.getByRole('button', { name: cs('clientReviews', 'form.open') }).click();
    await card
      .getByRole('button', { name: filled(cs('providers', 'stars'), { rating: '5' }) })
      .click();
    await card
      .getByLabel(cs('clientReviews', 'form.comment'))
      .fill('Férová klientka, koupelna byla připravená.');
    await card.getByRole('button', { name: cs('clientReviews', 'form.submit') }).click();
    await expect
      .poll(() => card.textContent())
      .toContain(filled(cs('clientReviews', 'own'), { rating: '5' }));
    expect(await card.textContent()).toContain(
      filled(cs('clientReviews', 'figure.rated_one'), { average: '5,0', count: '1' }),
    );
    expect(await card.getByRole('button', { name: cs('clientReviews', 'form.open') }).count()).toBe(
      0,
    );
    await expectUsable(p.page);

    // The provider answers the client's review on their own page.
    await p.page.goto(new URL(providerPage).pathname);
    const reviews = p.page.getByRole('region', { name: cs('reviews', 'title') });
    await reviews.getByRole('button', { name: cs('clientReviews', 'answer.write') }).click();
    await reviews
      .getByLabel(cs('clientReviews', 'answer.field'))
      .fill('Děkuji, omlouvám se za zpoždění, stál jsem v koloně.');
    await reviews.getByRole('button', { name: cs('clientReviews', 'answer.publish') }).click();
    await expect
      .poll(() => reviews.getByRole('button', { name: cs('clientReviews', 'answer.edit') }).count())
      .toBe(1);
    expect(await reviews.textContent()).toContain('stál jsem v koloně');
    await expectUsable(p.page);

    // The client reads the answer, with no button of the provider's, and nothing of their rating.
    await c.page.reload();
    await expect.poll(() => clientSees.textContent()).toContain('stál jsem v koloně');
    expect(await clientSees.getByRole('button').count()).toBe(0);
    await c.page.goto(`/request/${id}`);
    await c.page.getByText(sk('requests', 'status.completed')).first().waitFor();
    expect(await c.page.getByRole('region', { name: sk('clientReviews', 'title') }).count()).toBe(
      0,
    );
    expect(await c.page.locator('main').textContent()).not.toContain('★');
    // Reviewed once: the link to review the provider is gone.
    expect(await c.page.getByRole('link', { name: sk('bids', 'contact.review') }).count()).toBe(0);

    for (const visit of [c, p, a]) expect(visit.problems).toEqual([]);
  });
});
