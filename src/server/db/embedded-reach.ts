import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * As root, the embedded PostgreSQL runs as the `postgres` system user (PostgreSQL refuses root).
 * That user must reach two things root may keep in a folder only root can enter (a clone in
 * /root or in `mktemp -d`): the binaries inside node_modules, and the cluster in DATA_DIR/pg.
 * Where it cannot, both are placed under SHARED_ROOT, which root creates for it
 * (docs/decisions/0002-embedded-postgres.md, "Root in a private folder").
 */
export const SHARED_ROOT = process.env.MAJSTRI_SHARED_DIR ?? '/var/lib/majstri';

export interface RunAs {
  uid?: number;
  gid?: number;
}

export interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

/** Whether the user can reach `target`: run it (a file) or pass through it (a folder). */
export function reachableBy(ids: RunAs, target: string): boolean {
  if (ids.uid === undefined) return true;
  const test = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], {
    ...ids,
    stdio: 'ignore',
  });
  return test.status === 0;
}

const key = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The package's binaries when the user can run them; else a copy under SHARED_ROOT (readable by
 * all, written by root), made once per package version and location and reused.
 */
export function reachableBinaries(
  bin: Binaries,
  ids: RunAs,
  log: (line: string) => void,
  sharedRoot = SHARED_ROOT,
): Binaries {
  if (reachableBy(ids, bin.postgres)) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const stat = fs.statSync(bin.postgres);
  const staged = path.join(sharedRoot, `postgres-${key(`${native}:${stat.size}:${stat.mtimeMs}`)}`);
  if (!fs.existsSync(path.join(staged, '.complete'))) {
    log(`copying the PostgreSQL binaries to ${staged}: the postgres user cannot reach ${native}`);
    fs.mkdirSync(sharedRoot, { recursive: true, mode: 0o755 });
    fs.chmodSync(sharedRoot, 0o755);
    const partial = `${staged}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    fs.writeFileSync(path.join(partial, '.complete'), '');
    fs.rmSync(staged, { recursive: true, force: true });
    fs.renameSync(partial, staged);
  }
  const at = (name: string) => path.join(staged, 'bin', name);
  return { initdb: at('initdb'), postgres: at('postgres'), pg_ctl: at('pg_ctl') };
}

/**
 * Where the cluster lives: DATA_DIR/pg when the user can reach DATA_DIR; else a folder of its own
 * under SHARED_ROOT, one per DATA_DIR, with DATA_DIR/pg a symbolic link to it, so DATA_DIR still
 * names everything (a backup must follow the link, or use pg_dump).
 */
export function clusterDir(
  dataDir: string,
  ids: RunAs,
  log: (line: string) => void,
  sharedRoot = SHARED_ROOT,
): string {
  const inDataDir = path.join(dataDir, 'pg');
  if (reachableBy(ids, dataDir)) return inDataDir;
  if (isRealDirectory(inDataDir)) {
    throw new Error(
      `The postgres user cannot reach the database in ${inDataDir}: let it through the folders above (chmod o+x), or move DATA_DIR where it can reach.`,
    );
  }
  const elsewhere = path.join(sharedRoot, 'clusters', key(fs.realpathSync(dataDir)));
  fs.mkdirSync(path.dirname(elsewhere), { recursive: true, mode: 0o755 });
  fs.chmodSync(sharedRoot, 0o755);
  fs.chmodSync(path.dirname(elsewhere), 0o755);
  if (!fs.lstatSync(inDataDir, { throwIfNoEntry: false })) {
    log(`the postgres user cannot reach ${dataDir}: the database lives in ${elsewhere}`);
    fs.symlinkSync(elsewhere, inDataDir);
  }
  return elsewhere;
}

function isRealDirectory(target: string): boolean {
  try {
    return fs.lstatSync(target).isDirectory();
  } catch {
    return false;
  }
}
