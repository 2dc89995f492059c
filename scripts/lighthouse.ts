// `npm run lighthouse`: Lighthouse's mobile profile on the built app with the demo content —
// home and browse as a visitor, a request page (with bids) and a provider page signed in as a
// demo client — printing the four category scores per page. Exits 1 when a page is below the
// targets (docs/performance.md "Lighthouse, mobile"). Uses Debian's Chromium, never downloads one.
// Not part of `npm test`: one run takes a few minutes.
//
// LIGHTHOUSE_JSON=path  also writes the scores as JSON; LIGHTHOUSE_REPORTS=dir  each page's
// full report (open one at https://googlechrome.github.io/lighthouse/viewer/).
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_CLIENT_EMAIL, demoPages, startDemoServer } from './demo-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The least score (0–100) each category must reach on every page. */
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};

interface PageRun {
  name: string;
  path: string;
  cookie?: string;
}

async function putCookies(port: number, url: string, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await browser.contexts()[0]!.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
  // Storage is kept for the session, but each page is still measured with a cold cache.
  const context = browser.contexts()[0]!;
  const tab = await context.newPage();
  await (await context.newCDPSession(tab)).send('Network.clearBrowserCache');
  await tab.close();
  await browser.close();
}

const server = await startDemoServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
let failed = false;
try {
  const cookie = await server.signIn(DEMO_CLIENT_EMAIL);
  const { requestId, providerId } = await demoPages(server, cookie);
  const pages: PageRun[] = [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'request', path: `/request/${requestId}`, cookie },
    { name: 'provider', path: `/provider/${providerId}`, cookie },
    // Around Prešov (GeoNames 723819): the directory and browse within 40 km.
    { name: 'directory', path: '/providers?near=723819&radius_km=40' },
    { name: 'browse near', path: '/browse?near=723819&radius_km=40&sort=distance' },
  ];
  const results: Record<string, Record<Category, number>> = {};
  for (const page of pages) {
    // The app reads the non-HttpOnly has_session cookie, so a Cookie header alone is not enough:
    // the session's cookies go into the browser itself, and Lighthouse must not clear storage.
    if (page.cookie) await putCookies(chrome.port, server.baseUrl, page.cookie);
    const run = await lighthouse(`${server.baseUrl}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: page.cookie !== undefined,
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${page.path}`);
    if (process.env.LIGHTHOUSE_REPORTS) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      fs.writeFileSync(
        `${process.env.LIGHTHOUSE_REPORTS}/${page.name}.json`,
        JSON.stringify(run.lhr),
      );
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.round((run.lhr.categories[category]?.score ?? 0) * 100),
      ]),
    ) as Record<Category, number>;
    results[page.name] = scores;
    const below = CATEGORIES.filter((category) => scores[category] < TARGETS[category]);
    if (below.length > 0) failed = true;
    console.log(
      `${page.name.padEnd(9)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}${
        below.length > 0 ? `  BELOW TARGET: ${below.join(', ')}` : ''
      }`,
    );
    for (const category of below) {
      for (const ref of run.lhr.categories[category]!.auditRefs) {
        const audit = run.lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          console.log(`    ${category}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
        }
      }
    }
  }
  console.log('\n| page | performance | accessibility | best practices | SEO |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, s] of Object.entries(results)) {
    console.log(
      `| ${name} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`,
    );
  }
  if (process.env.LIGHTHOUSE_JSON) {
    fs.writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(results, null, 2));
  }
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) {
  console.error('\nSome pages are below the targets.');
  process.exit(1);
}
