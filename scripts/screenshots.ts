// `npm run screenshots`: pictures of the main screens for the README, made by Debian's Chromium
// on the built app with the demo content, at desktop (1280 px) and phone (390 px) widths, into
// docs/screenshots/. Writes files only (no comparisons); run it after a visible change and commit
// the pictures. Not part of `npm test`.
import fs from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CLIENT_EMAIL,
  demoPages,
  startDemoServer,
  type DemoServer,
} from './demo-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = 'docs/screenshots';
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A browser profile that has answered the cookie notice, signed in with `cookie` if given. */
async function profile(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  server: DemoServer,
  size: keyof typeof SIZES,
  cookie?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  await context.addInitScript(() => localStorage.setItem('cookie_consent', 'accepted'));
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
      }),
    );
  }
  return context;
}

const server = await startDemoServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  fs.mkdirSync(OUT, { recursive: true });
  const client = await server.signIn(DEMO_CLIENT_EMAIL);
  const admin = await server.signIn(DEMO_ADMIN_EMAIL);
  const { requestId, providerId } = await demoPages(server, client);
  const shots: { name: string; path: string; cookie?: string }[] = [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'request', path: `/request/${requestId}`, cookie: client },
    { name: 'provider', path: `/provider/${providerId}`, cookie: client },
    { name: 'profile', path: '/profile', cookie: client },
    { name: 'admin', path: '/admin', cookie: admin },
  ];
  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    for (const shot of shots) {
      const context = await profile(browser, server, size, shot.cookie);
      const page = await context.newPage();
      await page.goto(shot.path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = `${OUT}/${shot.name}-${size}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
