import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { SERVER_BUNDLE } from '../../scripts/server-bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of today's server bundle: `main.js`, `admin-cli.js`, their migrations. */
    serverBundle: string;
  }
}

const CACHE = 'node_modules/.cache/majstri';

/**
 * The server as it ships, bundled from today's source once per run for the tests that start it
 * as its own process (tests/support/processes.ts): the same esbuild options as `npm run build`,
 * the migrations beside it as in dist/server. It is built in half a second; a start from the
 * bundle costs about 1.5 s of CPU against about 4 s through tsx, which compiles the source at
 * every start (docs/testing.md "The whole run"). `npm run build` is not awaited: it runs beside
 * the unit tests in `npm test`.
 */
export default async function setup(project: TestProject) {
  // Inside the project, so that the bundle's imports find node_modules as dist/server's do.
  fs.mkdirSync(CACHE, { recursive: true });
  const root = fs.mkdtempSync(path.join(CACHE, 'server-bundle-'));
  const outdir = path.join(root, 'server');
  await build({ ...SERVER_BUNDLE, outdir });
  fs.cpSync('src/server/db/migrations', path.join(outdir, 'migrations'), { recursive: true });
  project.provide('serverBundle', path.resolve(outdir));
  return () => fs.rmSync(root, { recursive: true, force: true });
}
