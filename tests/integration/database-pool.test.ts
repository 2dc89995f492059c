import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyForNextFile } from '../setup/database-pool';
import { databaseUrl, withClient } from '../setup/postgres-client';
import { connect } from '../../src/server/db/database';
import { createAccount, createWorkRequest } from '../factories';

/**
 * A finished test file's database is emptied for the next file only while it is the template's
 * again (tests/setup/database-pool.ts); otherwise the next file would start on another's data
 * or another schema.
 */
const adminUrl = inject('adminDatabaseUrl');
const made: string[] = [];

const admin = (text: string) => withClient(adminUrl, (client) => client.query(text));

/** A copy of the template of this test's own, outside the run's pool. */
async function copyOfTemplate() {
  const name = `majstri_pool_test_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name} template ${inject('templateDatabase')}`);
  made.push(name);
  return databaseUrl(adminUrl, name);
}

afterAll(async () => {
  for (const name of made) await admin(`drop database if exists ${name} with (force)`);
});

describe("a test file's database handed to the next file", () => {
  it('comes back with no row of the file, its sequences where the template left them, and its places', async () => {
    const url = await copyOfTemplate();
    const places = await withClient(url, (c) => c.query('select count(*)::int as n from places'));
    const { db, pool } = connect(url);
    const client = await createAccount(db, 'client');
    await createWorkRequest(db, client);
    await withClient(url, (c) =>
      c.query(
        "insert into audit_entries (action, outcome) values ('a', 'success'), ('b', 'success')",
      ),
    );
    // A connection the file left open is ended, not waited for.
    const left = new pg.Client({ connectionString: url });
    await left.connect();
    left.on('error', () => {});
    await pool.end();

    expect(await emptyForNextFile(url, inject('templateState'))).toBe(true);

    await withClient(url, async (c) => {
      const counts = await c.query(
        `select (select count(*)::int from users) as users,
                (select count(*)::int from work_requests) as requests,
                (select count(*)::int from audit_entries) as audits,
                (select count(*)::int from places) as places`,
      );
      expect(counts.rows[0]).toEqual({
        users: 0,
        requests: 0,
        audits: 0,
        places: places.rows[0].n,
      });
      const next = await c.query(
        "insert into audit_entries (action, outcome) values ('c', 'success') returning id",
      );
      expect(Number(next.rows[0].id)).toBe(1);
    });
    await expect(left.query('select 1')).rejects.toThrow();
  });

  it('is refused once a test has changed the schema or the reference rows', async () => {
    const changed = await copyOfTemplate();
    await withClient(changed, (c) =>
      c.query("alter table users add constraint pool_test check (name <> 'x')"),
    );
    expect(await emptyForNextFile(changed, inject('templateState'))).toBe(false);

    const renamed = await copyOfTemplate();
    await withClient(renamed, (c) =>
      c.query(
        'update places set population = population + 1 where id = (select min(id) from places)',
      ),
    );
    expect(await emptyForNextFile(renamed, inject('templateState'))).toBe(false);

    const trigger = await copyOfTemplate();
    await withClient(trigger, (c) =>
      c.query(
        `create function pool_test() returns trigger language plpgsql as $$ begin return new; end $$;
         create trigger pool_test before insert on bids for each row execute function pool_test()`,
      ),
    );
    expect(await emptyForNextFile(trigger, inject('templateState'))).toBe(false);
  });
});
