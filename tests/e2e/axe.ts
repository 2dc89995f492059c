import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/** axe-core's minified build: half the source of `axe.source` for the page to compile. */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Puts axe into a frame's document unless it is already there: a page scanned twice between two
 * loads compiles it once. A frame that cannot take it (the PDF viewer's own) is scanned without.
 */
async function ensureAxe(frame: Frame) {
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(AXE_SOURCE);
  } catch {
    // A frame that went away or refuses scripts: axe.run skips what it cannot reach.
  }
}

/**
 * Serious and critical accessibility problems axe finds on the page as it is now.
 *
 * axe runs in the page itself (`axe.run`), which follows the app's same-origin frames (the PDF
 * viewer) on its own once each has axe. Each document gets axe once, from its minified build:
 * `@axe-core/playwright` injected the unminified build twice per scan (its legacy mode) or opened
 * a blank page for each (its default). Only violations come back in full (`resultTypes`): the
 * passes and the undecided are reduced to one element each, since nobody reads them.
 * docs/testing.md has the figures.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) await ensureAxe(frame);
  return page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

declare global {
  interface Window {
    axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}
