import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'eslint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/setup/global-database.ts', 'tests/setup/server-bundle.ts'],
          // Files share one module graph per worker instead of importing the app again for
          // each file (docs/testing.md has the figures). Safe while every file builds its own
          // app on its own database and nothing stubs modules, globals or process.env.
          isolate: false,
          // Most files wait on PostgreSQL, child processes and sockets rather than compute: four
          // at once, beside the static checks, keep two cores busy (docs/testing.md "The whole run").
          maxWorkers: 4,
          // A safety net for a test that hangs, not a speed limit: `npm test` runs the static
          // checks and the build beside these, and on a busy machine the process and route-sweeping tests take
          // several times their quiet duration. Speed is measured by the benchmarks.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-e2e.ts'],
          // A worker imports Playwright and the helpers once for all the files it runs, not
          // once per file; each file still opens its own contexts and makes its own accounts.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Journey files side by side against the one app and the one Chromium: each has its
          // own accounts, words and visitor addresses (tests/e2e/browser.ts). Two keep two cores
          // busy: four took as long (docs/testing.md "The whole run").
          maxWorkers: 2,
          // A person waits more than a second: on a busy machine, with the integration tests
          // running beside the journeys, hashing a password alone can take seconds, and a
          // journey must not fail for it.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
