import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, waitUntilHealthy } from './processes';

/**
 * A DATA_DIR the app has initialised once (its PostgreSQL cluster made by initdb, migrated, its
 * secrets written) and left by a clean stop. Tests about what happens to a running embedded
 * database copy it (`copyOf`) instead of paying for initdb and the migrations again; the first
 * start itself is proved here: from an empty folder to healthy, then exit 0 on SIGTERM.
 */
export async function initialisedDataDir(): Promise<{
  copyOf: (into: string) => void;
  remove: () => void;
}> {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-initialised-'));
  fs.chmodSync(source, 0o755);
  const server = startServer({ PORT: String(await freePort()), DATA_DIR: source });
  await waitUntilHealthy(server);
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0 || !fs.existsSync(path.join(source, 'pg', 'PG_VERSION'))) {
    throw new Error(`the first start on an empty DATA_DIR failed (${code}):\n${server.output()}`);
  }
  return {
    // `cp -a` keeps the owner: as root the cluster belongs to the `postgres` user, who runs it.
    copyOf: (into) => execFileSync('cp', ['-a', `${source}/.`, into]),
    remove: () => fs.rmSync(source, { recursive: true, force: true }),
  };
}
