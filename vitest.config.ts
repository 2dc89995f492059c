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
          globalSetup: ['tests/setup/global-database.ts'],
          // Files share one module graph per worker instead of importing the app again for
          // each file (docs/testing.md has the figures). Safe while every file builds its own
          // app on its own database and nothing stubs modules, globals or process.env.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          // A person waits more than a second: on a busy machine hashing a password alone can
          // take that long, and a journey must not fail for it.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
