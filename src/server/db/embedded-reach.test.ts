import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBinaries, runAsIds, startEmbeddedPostgres } from './embedded';
import { clusterDir, reachableBinaries, reachableBy } from './embedded-reach';

/**
 * A clone in a folder only root can enter (`mktemp -d`, /root): as root, the postgres user runs
 * the database and must still reach its binaries and its cluster. On this machine the tests run
 * as root, so the private-folder path is the one exercised.
 */
const ids = runAsIds();
const asRoot = ids.uid !== undefined;
const made: string[] = [];
const privateDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-private-'));
  fs.chmodSync(dir, 0o700);
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const versionOf = (postgres: string) =>
  spawnSync(postgres, ['--version'], { ...ids, encoding: 'utf8' }).stdout.trim();

describe('the embedded PostgreSQL as root in a private folder', () => {
  it('runs binaries kept where the postgres user cannot reach them, from a shared copy', async () => {
    const bin = await loadBinaries();
    const hidden = privateDir();
    const native = path.join(hidden, 'native');
    fs.cpSync(path.dirname(path.dirname(bin.postgres)), native, {
      recursive: true,
      verbatimSymlinks: true,
    });
    const inPrivate = {
      initdb: path.join(native, 'bin', 'initdb'),
      postgres: path.join(native, 'bin', 'postgres'),
      pg_ctl: path.join(native, 'bin', 'pg_ctl'),
    };
    expect(reachableBy(ids, inPrivate.postgres)).toBe(!asRoot);

    const shared = privateDir();
    fs.chmodSync(shared, 0o755);
    const usable = reachableBinaries(inPrivate, ids, () => {}, path.join(shared, 'majstri'));
    expect(versionOf(usable.postgres)).toMatch(/^postgres \(PostgreSQL\) \d+/);
    if (asRoot) expect(usable.postgres.startsWith(shared)).toBe(true);
    // Made once, then reused.
    expect(reachableBinaries(inPrivate, ids, () => {}, path.join(shared, 'majstri'))).toEqual(
      usable,
    );
  });

  it('keeps the cluster of a private DATA_DIR where the postgres user can reach it, linked from DATA_DIR/pg', () => {
    const dataDir = privateDir();
    const shared = privateDir();
    fs.chmodSync(shared, 0o755);
    const cluster = clusterDir(dataDir, ids, () => {}, path.join(shared, 'majstri'));
    if (!asRoot) return expect(cluster).toBe(path.join(dataDir, 'pg'));
    expect(cluster.startsWith(shared)).toBe(true);
    expect(fs.readlinkSync(path.join(dataDir, 'pg'))).toBe(cluster);
    expect(clusterDir(dataDir, ids, () => {}, path.join(shared, 'majstri'))).toBe(cluster);
  });

  it('starts, answers and stops with DATA_DIR in a folder only its owner can enter', async () => {
    const dataDir = path.join(privateDir(), 'data');
    const database = await startEmbeddedPostgres(dataDir);
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await database.stop();
      const link = path.join(dataDir, 'pg');
      if (fs.lstatSync(link).isSymbolicLink())
        fs.rmSync(fs.readlinkSync(link), { recursive: true, force: true });
    }
  });
});
