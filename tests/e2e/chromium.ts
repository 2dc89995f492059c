import fs from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

/**
 * Debian's Chromium as its headless shell (package `chromium-headless-shell`): the same engine
 * and version as `chromium`, without the desktop browser's window, GPU and profile machinery,
 * which is what Playwright drives headless too. The journeys took about a third less CPU with it
 * (docs/decisions/0023-journeys-on-the-headless-shell.md).
 */
const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Debian's Chromium headless shell, with nothing that reaches outside this machine. */
export function launchChromiumServer(): Promise<BrowserServer> {
  if (!fs.existsSync(HEADLESS_SHELL))
    throw new Error(
      `Chromium's headless shell not found at ${HEADLESS_SHELL}: apt-get install -y chromium-headless-shell`,
    );
  return chromium.launchServer({
    executablePath: HEADLESS_SHELL,
    host: '127.0.0.1',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
