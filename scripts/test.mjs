// `npm test`: every check a change must pass, in two phases. First the unit and integration
// tests, with two lanes beside them: the static checks one after another, and the build with its
// bundle-size budget and Chromium check. Then the browser journeys, which need the build. The
// first step to fail stops everything still running, and the run says which one failed. Each
// step's output is printed whole when it ends, so steps running together do not mix their lines.
// docs/testing.md "The whole run" says why the steps are laid out so.
import { spawn } from 'node:child_process';

const phases = [
  [
    // Waits on PostgreSQL, child processes and sockets more than it computes (vitest.config.ts).
    [['unit and integration tests', 'npx vitest run --project unit']],
    // CPU-bound and short: one at a time, in the cores the tests leave idle.
    [
      // TypeScript's native compiler, one thread: a fifth of the CPU of the JavaScript one
      // (docs/decisions/0024-type-check-with-the-native-compiler.md).
      ['type-check', 'npm run typecheck --silent'],
      ['lint', 'npx eslint . --max-warnings 0'],
      ['format', 'npx prettier --check . --log-level warn'],
    ],
    [
      ['build', 'npm run build --silent'],
      ['bundle size', 'node scripts/size.mjs'],
      ['chromium', 'node scripts/ensure-chromium.mjs'],
    ],
  ],
  // Alone: the journeys keep both cores busy themselves (two files at a time).
  [[['browser journeys', 'npx vitest run --project e2e']]],
];

const running = new Set();
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
let failed = false;

function step(name, command) {
  console.log(`▶ ${name}: ${command}`);
  const since = Date.now();
  // Its own process group, so that stopping it stops what it started (servers, browsers).
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
    },
  });
  running.add(child);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      if (failed && code !== 0) return resolve(false); // stopped because another step failed
      process.stdout.write(Buffer.concat(output));
      if (code === 0) {
        console.log(`✔ ${name} (${seconds(since)})\n`);
        return resolve(true);
      }
      console.error(`\n✖ ${name} failed (${signal ?? `exit ${code}`}, ${seconds(since)}).`);
      resolve(false);
    });
  });
}

function stopEverything() {
  failed = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function lane(steps) {
  for (const [name, command] of steps) {
    if (failed) return;
    if (!(await step(name, command))) return stopEverything();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopEverything();
    process.exit(1);
  });
}

for (const lanes of phases) {
  await Promise.all(lanes.map(lane));
  if (failed) break;
}
if (failed) process.exit(1);
console.log(`✔ npm test (${seconds(started)})`);
