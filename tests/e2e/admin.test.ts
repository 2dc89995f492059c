import { text as streamText } from 'node:stream/consumers';
import type { Browser, Page } from 'playwright-core';
import { LIMITS } from '../../src/shared/limits';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifiedAccount, withCsrf } from './accounts-helpers';
import { LANGUAGES } from '../../src/shared/languages';
import {
  baseUrl,
  choosePlace,
  freshVisit,
  launchBrowser,
  logIn,
  seriousViolations,
  text,
  untilHydrated,
  untilNothingLoads,
  useLanguage,
  visitorAddress,
} from './browser';
import { admin, confirmDialog, notice, openTab, panel, search, shown, tab } from './admin-console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);

/** A word nobody else will have used, so searches find exactly this journey's people and request. */
const marker = () =>
  `zqx${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

/** Five wrong passwords, each from its own address (so the rate limit does not answer first): the account locks. */
async function lockOut(email: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const headers = { 'x-forwarded-for': visitorAddress() };
    const answer = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: await withCsrf(headers),
      body: JSON.stringify({ email, password: 'Nespravne-Heslo-2026' }),
    });
    expect(answer.ok).toBe(false);
  }
}

/** A client's request, posted through the form as in the requests journey. */
async function postRequest(page: Page, title: string) {
  await page.goto('/create');
  await page.getByLabel(sk('requests', 'create.fields.title')).fill(title);
  await page.getByLabel(sk('requests', 'create.fields.category')).selectOption('plumbing');
  await page
    .getByLabel(sk('requests', 'create.fields.description'))
    .fill('Kvapká batéria v kúpeľni, treba vymeniť tesnenie.');
  await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
  await choosePlace(page, sk('requests', 'create.fields.place'), 'Nitra');
  await page.getByLabel(sk('requests', 'create.fields.location')).fill('Nitra');
  await page.getByRole('button', { name: sk('requests', 'create.next') }).click();
  await page.getByRole('button', { name: sk('requests', 'create.submit') }).click();
  await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
}

describe('the administration console in the browser', () => {
  it('an administrator unlocks a client, disables and edits a provider, deletes a request, filters and exports audits and sees an alert', async () => {
    const word = marker();
    const client = await verifiedAccount('client', `Klára Zamknutá ${word}`);
    const provider = await verifiedAccount('provider', `Pavol Majster ${word}`);
    const title = `Oprava batérie ${word}`;

    // The client posts a request, then their account is locked by wrong passwords.
    const poster = await freshVisit(browser);
    await logIn(poster.page, client.email, client.password);
    await postRequest(poster.page, title);
    const requestId = new URL(poster.page.url()).pathname.split('/').pop()!;
    await poster.context.close();
    await lockOut(client.email);

    const { page, context, problems } = await freshVisit(browser);
    const login = inject('adminLogin');
    await logIn(page, login.email, login.password);
    await page
      .getByRole('navigation', { name: sk('common', 'nav.main') })
      .getByRole('link', { name: sk('common', 'nav.admin') })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(admin('title'));
    await expect.poll(() => tab(page, 'requests').getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // Clients: the locked client shows "locked until …"; unlocking clears it.
    await openTab(page, 'clients');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('clients');
    // The search box stops at the search's limit, so it cannot be refused for its length.
    await panel(page)
      .getByLabel(admin('users.search'))
      .fill('x'.repeat(LIMITS.searchText.max + 1));
    expect(await panel(page).getByLabel(admin('users.search')).inputValue()).toHaveLength(
      LIMITS.searchText.max,
    );
    await search(page, admin('users.search'), client.email);
    const lockedText = admin('security.lockedUntil').split('{{')[0]!.trim();
    await expect.poll(() => shown(panel(page).getByText(lockedText)).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await panel(page)
      .getByRole('button', { name: admin('actions.unlock') })
      .click();
    await confirmDialog(page, admin('users.unlockTitle'))
      .getByRole('button', { name: admin('actions.unlock'), exact: true })
      .click();
    await expect
      .poll(() => notice(page, admin('notices.unlocked').replace('{{name}}', client.name)).count())
      .toBe(1);
    await expect.poll(() => shown(panel(page).getByText(lockedText)).count()).toBe(0);
    await expect
      .poll(() => shown(panel(page).getByText(admin('security.good'), { exact: true })).count())
      .toBe(1);

    // Providers: disable after confirming, then correct the profile.
    await openTab(page, 'providers');
    await search(page, admin('users.search'), provider.email);
    await expect
      .poll(() => shown(panel(page).getByText(provider.name, { exact: true })).count())
      .toBe(1);
    // The search has answered once the provider is the only one listed.
    const disable = panel(page).getByRole('button', { name: admin('actions.disable') });
    await expect.poll(() => disable.count()).toBe(1);
    await disable.click();
    await confirmDialog(page, admin('users.disableTitle'))
      .getByRole('button', { name: admin('actions.disable'), exact: true })
      .click();
    await expect
      .poll(() =>
        notice(page, admin('notices.disabled').replace('{{name}}', provider.name)).count(),
      )
      .toBe(1);
    await expect
      .poll(() =>
        shown(panel(page).getByText(admin('accountStatus.disabled'), { exact: true })).count(),
      )
      .toBe(1);

    await panel(page)
      .getByRole('button', { name: admin('actions.edit') })
      .click();
    const edit = page.getByRole('dialog', {
      name: admin('edit.providerTitle').replace('{{name}}', provider.name),
    });
    await edit.getByLabel(admin('edit.location')).fill('Banská Bystrica');
    // The phone keeps only digits, plus and spaces, at most 16 characters.
    await edit.getByLabel(admin('edit.contactPhone')).fill('');
    await edit
      .getByLabel(admin('edit.contactPhone'))
      .pressSequentially('+421-(905) 111 222 333 444');
    expect(await edit.getByLabel(admin('edit.contactPhone')).inputValue()).toBe('+421905 111 222 ');
    await edit.getByLabel(admin('edit.contactPhone')).fill('+421 905 111 222');
    await edit.getByLabel(admin('edit.hourlyRate')).fill('-5');
    await edit.getByRole('button', { name: admin('edit.save') }).click();
    await expect
      .poll(() => edit.getByText(sk('validation', 'hourly_rate_invalid')).count())
      .toBeGreaterThan(0);
    // A decimal comma, as Slovak and Czech administrators write it.
    await edit.getByLabel(admin('edit.hourlyRate')).fill('32,50');
    expect(await seriousViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: admin('edit.save') }).click();
    await expect
      .poll(() => notice(page, admin('notices.updated').replace('{{name}}', provider.name)).count())
      .toBe(1);
    const profile = await page.request.get(
      `/api/admin/users/provider/${await providerId(page, provider.email)}`,
    );
    const saved = (await profile.json()) as {
      user: { provider: { location: string; hourly_rate: number; contact_phone: string } };
    };
    expect(saved.user.provider).toMatchObject({
      location: 'Banská Bystrica',
      hourly_rate: 32.5,
      contact_phone: '+421 905 111 222',
    });

    // Requests: find the client's request and delete it.
    await openTab(page, 'requests');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await search(page, admin('requests.query'), word);
    await expect.poll(() => panel(page).getByRole('link', { name: title }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await panel(page)
      .getByRole('button', { name: admin('actions.delete') })
      .click();
    await confirmDialog(page, admin('requests.deleteTitle'))
      .getByRole('button', { name: admin('actions.delete'), exact: true })
      .click();
    await expect.poll(() => notice(page, admin('notices.requestDeleted')).count()).toBe(1);
    await expect.poll(() => shown(panel(page).getByText(admin('requests.empty'))).count()).toBe(1);

    // Audits: by action alone, the actor type left at "All": the client's posting is found.
    await openTab(page, 'audits');
    const auditTable = panel(page).locator('table');
    await expect.poll(() => auditTable.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await panel(page).getByLabel(admin('audits.filters.actorType')).inputValue()).toBe('');
    await search(page, admin('audits.filters.action'), 'request.create');
    const posted = auditTable.locator('tbody tr', { hasText: `request ${requestId} with` });
    await expect.poll(() => posted.count()).toBe(1);
    expect(await posted.locator('td:nth-child(5)').textContent()).toMatch(/^client/);
    await expect
      .poll(
        async () => new Set(await auditTable.locator('tbody tr td:nth-child(3)').allTextContents()),
      )
      .toEqual(new Set(['request.create']));
    await panel(page).getByLabel(admin('audits.filters.action')).fill('');

    // Audits: filtered by actor type, with the total found, and both exports downloaded.
    await panel(page).getByLabel(admin('audits.filters.actorType')).selectOption('administrator');
    await panel(page)
      .getByRole('button', { name: admin('filters.search'), exact: true })
      .click();
    const totalPrefix = /^Nájden/;
    await expect.poll(() => shown(panel(page).getByText(totalPrefix)).count()).toBe(1);
    expect(await panel(page).locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    // An actor id that is not a UUID is refused next to the field, before any call.
    await panel(page).getByLabel(admin('audits.filters.actorId')).fill('nie-je-uuid');
    await panel(page)
      .getByRole('button', { name: admin('filters.search'), exact: true })
      .click();
    await expect
      .poll(() => shown(panel(page).getByText(sk('validation', 'actor_id_invalid'))).count())
      .toBe(1);
    await panel(page).getByLabel(admin('audits.filters.actorId')).fill('');
    // So is an over-long action.
    await search(page, admin('audits.filters.action'), 'x'.repeat(101));
    await expect
      .poll(() => shown(panel(page).getByText(sk('validation', 'too_long'))).count())
      .toBe(1);
    await panel(page).getByLabel(admin('audits.filters.action')).fill('');

    for (const format of ['csv', 'ndjson'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel(page)
          .getByRole('button', { name: admin(`audits.exportAs.${format}`), exact: true })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(`audits.${format}`);
      // The browser is shared over a connection: the file is read through it, not from its disk.
      const body = (await streamText(await download.createReadStream())).trim();
      const lines = body.split('\n');
      if (format === 'csv') {
        expect(lines[0]).toMatch(/timestamp/);
        expect(lines.length).toBeGreaterThan(1);
      } else {
        for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
        expect(lines.some((line) => /"actor_type":"administrator"/.test(line))).toBe(true);
      }
    }

    // Alerts: the lockout of the client is there, counted and listed.
    await openTab(page, 'alerts');
    await expect.poll(() => page.getByRole('img', { name: admin('chart.title') }).count()).toBe(1);
    await expect
      .poll(async () =>
        Number(
          (await panel(page)
            .getByText(admin('alerts.counters.lockouts'))
            .locator('xpath=following-sibling::dd | preceding-sibling::dd')
            .first()
            .textContent()) ?? '0',
        ),
      )
      .toBeGreaterThan(0);
    await panel(page).getByLabel(admin('alerts.type')).selectOption('lockout');
    await panel(page)
      .getByRole('button', { name: admin('filters.search'), exact: true })
      .click();
    await expect
      .poll(() =>
        panel(page).locator('table').getByText(admin('alertType.lockout'), { exact: true }).count(),
      )
      .toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a client away from /admin with the permissions notice', async () => {
    const account = await verifiedAccount('client');
    const { page, context } = await freshVisit(browser);
    await logIn(page, account.email, account.password);
    expect(
      await page
        .getByRole('navigation', { name: sk('common', 'nav.main') })
        .getByRole('link', { name: sk('common', 'nav.admin') })
        .count(),
    ).toBe(0);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText(sk('common', 'guards.forbidden')).count()).toBe(1);
    await context.close();
  });

  it('breaks the audit headers only between words, in every language, at 1280 and 360 px', async () => {
    const { page, context } = await freshVisit(browser);
    const login = inject('adminLogin');
    await logIn(page, login.email, login.password);
    await untilHydrated(page);
    const problems: string[] = [];
    // Slovak last: the administrator's account is shared with the other journeys.
    for (const language of [...LANGUAGES.filter((other) => other !== 'sk'), 'sk'] as const) {
      await useLanguage(page, language);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        if (width === 1280) await page.goto('/admin?tab=audits'); // the same page at 360 px
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
        // The table from the xl breakpoint on, the cards' labels below it.
        const headers = width === 1280 ? 'main table th' : 'main [role=tabpanel] li dt';
        await expect.poll(() => shown(page.locator(headers)).count()).toBeGreaterThan(0);
        await page.evaluate(() => document.fonts.ready);
        for (const problem of await brokenHeaders(page, headers))
          problems.push(`${language} ${width}px: ${problem}`);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('fits the console into 360 px without sideways scrolling', async () => {
    const { page, context } = await freshVisit(browser, { width: 360, height: 800 });
    const login = inject('adminLogin');
    await logIn(page, login.email, login.password);
    // Then from tab to tab, as a person goes.
    await page.goto('/admin?tab=requests');
    for (const name of ['requests', 'clients', 'providers', 'reports', 'audits', 'alerts']) {
      await openTab(page, name);
      await untilNothingLoads(page);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        name,
      ).toBe(0);
    }
    await context.close();
  });
});

/** The provider's id, as the administrators' list answers it. */
async function providerId(page: Page, email: string): Promise<string> {
  const answer = await page.request.get(
    `/api/admin/users?user_type=provider&search=${encodeURIComponent(email)}`,
  );
  const { users } = (await answer.json()) as { users: { id: string; email: string }[] };
  return users.find((user) => user.email === email)!.id;
}

/**
 * What is wrong with the visible header cells of `selector`: a word of a header split over two
 * lines (hyphenated or broken anywhere), a header wider than its cell, and a page wider than
 * the screen.
 */
function brokenHeaders(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const extra = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (extra > 0) problems.push(`the page is ${extra}px wider than the screen`);
    for (const cell of document.querySelectorAll<HTMLElement>(selector)) {
      if (cell.getClientRects().length === 0) continue;
      const label = cell.textContent?.trim() ?? '';
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${label}" is cut off`);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node as Text).data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
          if (lines.size > 1) problems.push(`"${word[0]}" of "${label}" is broken over lines`);
        }
      }
    }
    return problems;
  }, selector);
}
