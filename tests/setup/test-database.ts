import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';
import { connect, type Db } from '../../src/server/db/database';
import { databasePool, emptyForNextFile } from './database-pool';
import { databaseUrl, withClient } from './postgres-client';

export interface TestDatabase {
  url: string;
  db: Db;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of this test file's own: copied from the run's template, or one a
 * finished file gave back emptied (database-pool.ts).
 *
 * Its commits do not wait for the disk (`synchronous_commit = off`): a test file's data lives
 * no longer than the file. On a busy disk a flush at each commit kept the tests waiting on other
 * processes' writes. `durable` keeps PostgreSQL's own setting, for a test about what survives.
 */
export async function createTestDatabase({ durable = false } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const poolFolder = inject('databasePool');
  const adminQuery = (...statements: string[]) =>
    withClient(adminUrl, async (admin) => {
      for (const statement of statements) await admin.query(statement);
    });

  // A database another file has finished with, emptied, is as good as a new copy and far cheaper.
  let name = durable ? undefined : databasePool.take(poolFolder);
  if (!name) {
    name = `majstri_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(
      `create database ${name} template ${inject('templateDatabase')}`,
      ...(durable ? [] : [`alter database ${name} set synchronous_commit = off`]),
    );
  }
  const url = databaseUrl(adminUrl, name);
  const { db, pool } = connect(url);
  return {
    url,
    db,
    pool,
    async drop() {
      await pool.end();
      if (!durable && (await emptyForNextFile(url, inject('templateState'))))
        return databasePool.giveBack(poolFolder, name);
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
