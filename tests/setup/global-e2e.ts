import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startServer, waitUntilHealthy } from '../support/processes';
import { startTestPostgres } from './global-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app under test listens. */
    baseUrl: string;
  }
}

/** The built app (npm run build) as its own process, on a fresh database, for the browser journeys. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
    throw new Error('Browser journeys need the built app: run `npm run build` first.');
  }
  const postgres = await startTestPostgres();
  const databaseUrl = await postgres.createDatabase(`majstri_e2e_${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-e2e-'));
  const port = await freePort();
  const server = startServer(
    { PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    'dist/server/main.js',
  );
  await waitUntilHealthy(server);

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  project.provide('templateDatabase', postgres.template);

  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
