import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Db } from '../../src/server/db/database';

export interface TestDatabase {
  url: string;
  db: Db;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of this test file's own, copied from the run's template.
 *
 * Its commits do not wait for the disk (`synchronous_commit = off`): a test file's data lives
 * no longer than the file. On a busy disk a flush at each commit kept the tests waiting on other
 * processes' writes. `durable` keeps PostgreSQL's own setting, for a test about what survives.
 */
export async function createTestDatabase({ durable = false } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `majstri_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  if (!durable) await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, pool } = connect(url.toString());
  return {
    url: url.toString(),
    db,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
