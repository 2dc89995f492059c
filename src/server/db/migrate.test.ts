import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, withClient } from '../../../tests/setup/postgres-client';
import { migrateDatabase } from './migrate';

const journal = JSON.parse(
  fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json'),
    'utf8',
  ),
) as { entries: { tag: string }[] };

const adminUrl = inject('adminDatabaseUrl');
const name = `majstri_migrate_${randomBytes(6).toString('hex')}`;
const url = databaseUrl(adminUrl, name);
let client: pg.Client;

const onAdmin = (query: string) => withClient(adminUrl, (admin) => admin.query(query));

beforeAll(async () => {
  await onAdmin(`create database ${name}`);
  client = new pg.Client({ connectionString: url });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await onAdmin(`drop database if exists ${name} with (force)`);
});

describe('migrations when several instances start together', () => {
  it('run once, while the other instances wait for the lock', async () => {
    // Another instance is migrating: it holds the lock the four starting ones must wait for.
    await client.query('select pg_advisory_lock(727274001)');
    const starts = Array.from({ length: 4 }, () => migrateDatabase(url));
    const waiting = async () => {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_locks l join pg_database d on d.oid = l.database
         where l.locktype = 'advisory' and not l.granted and d.datname = $1`,
        [name],
      );
      return rows[0]!.count;
    };
    await expect.poll(waiting, { timeout: 20_000 }).toBe(4);
    await client.query('select pg_advisory_unlock(727274001)');

    const results = await Promise.allSettled(starts);
    expect(results.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));

    const { rows } = await client.query<{ hash: string; times: number }>(
      'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
    );
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((row) => row.times === 1)).toBe(true);
    // The schema is there.
    const tables = await client.query(
      "select 1 from information_schema.tables where table_name in ('users', 'alerts')",
    );
    expect(tables.rowCount).toBe(2);
  });
});
