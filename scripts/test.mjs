// `npm test`: every check a change must pass, in order, stopping at the first failure.
import { execSync } from 'node:child_process';

const steps = [
  ['type-check', 'npx tsc --noEmit -p .'],
  ['lint', 'npx eslint . --max-warnings 0'],
  ['format', 'npx prettier --check . --log-level warn'],
  ['unit and integration tests', 'npx vitest run --project unit'],
  ['build', 'npm run build --silent'],
  ['bundle size', 'node scripts/size.mjs'],
  ['chromium', 'node scripts/ensure-chromium.mjs'],
  ['browser journeys', 'npx vitest run --project e2e'],
];

for (const [name, command] of steps) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  try {
    execSync(command, { stdio: 'inherit' });
  } catch {
    console.error(`\n✖ ${name} failed.`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
