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
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const sk = (namespace: string, key: string) => text('sk', namespace, key);

/** A write through the page's own session, as its screens send it (CSRF header included). */
function send(page: Page, method: string, path: string, body?: object) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)![1]!;
      const answer = await fetch(path, {
        method,
        headers: {
          'x-csrf-token': csrf,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await answer.json()) as Record<string, { id: string }>;
    },
    { method, path, body },
  );
}

describe('the end of a job in the browser, at 360 px', () => {
  it('the provider says done → the client reports a problem → an administrator decides it', async () => {
    const client = await verifiedAccount('client', 'Klára Zadávateľka');
    const provider = await verifiedAccount('provider', 'Peter Inštalatér');
    const admin = await administratorAccount();
    const title = `Výmena batérie ${Math.random().toString(36).slice(2, 8)}`;

    const c = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(c.page, client.email, client.password);
    const requestId = await postRequestFrom(c.page, {
      title,
      description: 'Batéria v kuchyni kvapká, treba novú.',
      category: 'plumbing',
      location: 'Trnava',
    });
    const p = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(p.page, provider.email, provider.password);
    const { bid } = await send(p.page, 'POST', '/api/bids', {
      work_request_id: requestId,
      amount: 89.5,
      description: 'Prídem zajtra, výmena trvá hodinu.',
    });
    await send(c.page, 'PATCH', `/api/bids/${bid!.id}/accept`);

    // The provider says the job is done, with a note.
    await p.page.goto(`/request/${requestId}`);
    await p.page.getByLabel(sk('completion', 'done.note')).fill('Batéria vymenená, tesnenia nové.');
    await p.page.getByRole('button', { name: sk('completion', 'done.button') }).click();
    await p.page.getByText(sk('requests', 'status.done')).first().waitFor();

    // The client sees it, and reports a problem instead of confirming.
    await c.page.goto(`/request/${requestId}`);
    await c.page.getByText('Batéria vymenená, tesnenia nové.').waitFor();
    await c.page.getByRole('button', { name: sk('completion', 'confirm.button') }).waitFor();
    await c.page.getByRole('button', { name: sk('completion', 'problem.open') }).click();
    await c.page
      .getByLabel(sk('completion', 'problem.reason'))
      .selectOption({ label: sk('completion', 'reasons.poor_quality') });
    await c.page.getByLabel(sk('completion', 'problem.text')).fill('Z batérie stále kvapká voda.');
    await c.page.getByRole('button', { name: sk('completion', 'problem.button') }).click();
    await c.page.getByText(sk('requests', 'status.disputed')).first().waitFor();
    await c.page.getByText(sk('completion', 'disputed')).waitFor();
    expect(await seriousViolations(c.page)).toEqual([]);

    // An administrator opens the case and completes the job with a note.
    const a = await freshVisit(browser, { width: 360, height: 780 });
    await logIn(a.page, admin.email, admin.password);
    await a.page.goto('/admin?tab=cases');
    await a.page
      .getByRole('button', { name: `${sk('completion', 'cases.view')} – ${title}` })
      .first()
      .click();
    const dialog = a.page.getByRole('dialog');
    await dialog.getByText('Z batérie stále kvapká voda.').waitFor();
    expect(await seriousViolations(a.page)).toEqual([]);
    await dialog.getByLabel(sk('completion', 'cases.actions.complete')).check();
    await dialog
      .getByLabel(sk('completion', 'cases.note'))
      .fill('Fotografie ukazujú hotovú prácu.');
    await dialog.getByRole('button', { name: sk('completion', 'cases.submit') }).click();
    await dialog.getByText(sk('completion', 'cases.closed')).waitFor();

    // Both sides read the decision on the request's page.
    await c.page.reload();
    await c.page.getByText('Fotografie ukazujú hotovú prácu.').waitFor();
    await c.page.getByText(sk('requests', 'status.completed')).first().waitFor();
    const wide = await c.page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(wide).toBe(false);
    for (const visit of [c, p, a]) expect(visit.problems).toEqual([]);
  });
});
