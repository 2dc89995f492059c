// Browser journeys drive Debian's Chromium headless shell (tests/e2e/chromium.ts). Install it when
// missing and we are root; otherwise say the one command a person must run. Lighthouse and the
// screenshots use the whole browser (`chromium`), which .ci/run installs.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

if (!fs.existsSync(HEADLESS_SHELL)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium's headless shell is missing at ${HEADLESS_SHELL}. Install it with: sudo apt-get install -y chromium-headless-shell`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium-headless-shell for the browser journeys…");
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-dejavu-core',
    { stdio: 'inherit' },
  );
}
