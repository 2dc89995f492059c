import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { text } from './browser';

/** The administration console's parts, as its journeys find them (admin.test.ts). */
export const admin = (key: string) => text('sk', 'admin', key);

export const tab = (page: Page, name: string) =>
  page.getByRole('tab', { name: admin(`tabs.${name}`), exact: true });

/**
 * Opens a tab and waits until it is drawn: the router keeps the old tab on screen until the new
 * one is ready, and a search typed meanwhile would go to the old one.
 */
export async function openTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
}

export const panel = (page: Page) => page.getByRole('tabpanel');
/** Cards (mobile) and the table (desktop) both hold each row; count only what is on screen. */
export const shown = (locator: Locator) => locator.filter({ visible: true });
export const confirmDialog = (page: Page, title: string) =>
  page.getByRole('dialog', { name: title });
export const notice = (page: Page, message: string) =>
  shown(page.getByText(message, { exact: true }));

export async function search(page: Page, label: string, value: string) {
  await panel(page).getByLabel(label).fill(value);
  await panel(page)
    .getByRole('button', { name: admin('filters.search'), exact: true })
    .click();
}
