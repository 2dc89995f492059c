import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { createAccount } from '../../../tests/factories';
import {
  directSql,
  directStatement,
  readDirect,
  readGeneric,
  readLastOf,
  sqlText,
  writtenOnce,
} from './direct';
import { users } from './schema';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => database.drop());

describe('statements read straight through pg', () => {
  it('fills placeholders, and each row comes with its aliases and its final types', async () => {
    const account = await createAccount(database.db, 'client', { email: 'direct@example.test' });
    const statement = directStatement<{ userId: string; joinedAt: Date; n: number }>(
      database.db
        .select({
          userId: sql<string>`${users.id}`.as('userId'),
          joinedAt: sql<Date>`${users.createdAt}`.as('joinedAt'),
          n: sql<number>`count(*) over ()`.as('n'),
        })
        .from(users)
        .where(eq(users.email, sql.placeholder('email'))),
      'direct_test_user',
    );
    for (const email of ['direct@example.test', 'direct@example.test']) {
      const rows = await readDirect(database.db, statement, { email });
      expect(rows).toEqual([{ userId: account.id, joinedAt: expect.any(Date), n: 1 }]);
    }
    expect(await readDirect(database.db, statement, { email: 'nobody@example.test' })).toEqual([]);
  });

  it('runs several statements as one text and answers the rows of the last, under its settings', async () => {
    const text = sqlText(
      sql`select set_config('enable_seqscan', 'off', true); select current_setting('enable_seqscan') as seqscan, ${'a'} as letter`.inlineParams(),
    );
    expect(await readLastOf(database.db, text)).toEqual([{ seqscan: 'off', letter: 'a' }]);
    // The setting ended with its implicit transaction.
    expect(
      await readLastOf(database.db, "select current_setting('enable_seqscan') as seqscan"),
    ).toEqual([{ seqscan: 'on' }]);
  });

  it('makes each row from its fields in order when given a maker, in both kinds of read', async () => {
    const statement = directStatement<{ first: string; second: number }>(
      database.db
        .select({
          first: sql<string>`${sql.placeholder('word')}::text`.as('first'),
          second: sql<number>`2`.as('second'),
        })
        .from(sql`generate_series(1, 3)`),
    );
    const make = (fields: unknown[]) => ({
      second: fields[1] as number,
      first: fields[0] as string,
    });
    const three = Array.from({ length: 3 }, () => ({ first: 'jeden', second: 2 }));
    expect(await readDirect(database.db, statement, { word: 'jeden' }, make)).toEqual(three);
    const text =
      "select set_config('enable_seqscan', 'off', true); select 'jeden' as first, 2 as second from generate_series(1, 3)";
    expect(await readLastOf(database.db, text, make)).toEqual(three);
  });

  it('writes a fragment once, and refuses one with a value, which its text would lose', async () => {
    const fields = writtenOnce(sql`${users.email} as "address"`);
    const [row] = await readLastOf<{ address: string }>(
      database.db,
      sqlText(sql`select ${fields} from ${users} where ${users.email} = 'direct@example.test'`),
    );
    expect(row).toEqual({ address: 'direct@example.test' });
    expect(() => writtenOnce(sql`${users.email} = ${'someone@example.test'}`)).toThrow(
      /no parameters/,
    );
  });

  it('runs a statement under one plan per connection, its values as literals, and recovers from a failed run', async () => {
    const statement = {
      ...directSql<{ said: string; twice: number; nothing: null; yes: boolean }>(
        sql`select ${sql.placeholder('said')}::text as said, ${sql.placeholder('n')}::int * 2 as twice, ${sql.placeholder('none')}::text as nothing, ${sql.placeholder('yes')}::boolean as yes`,
      ),
      name: 'direct_test_generic',
    };
    const plans = async () =>
      readLastOf<{ generic: number; custom: number }>(
        database.db,
        "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'direct_test_generic'",
      );
    for (const said of ["it's", 'ok', "a\\b's \\'"]) {
      expect(
        await readGeneric(database.db, statement, { said, n: 21, none: null, yes: true }),
      ).toEqual([{ said, twice: 42, nothing: null, yes: true }]);
    }
    // One connection ran it twice (the pool hands out the one released last), never planned for
    // the values.
    expect(await plans()).toEqual([{ generic: 3, custom: 0 }]);
    // A failed run takes its connection (and what it prepared) away; the next run prepares again.
    await expect(
      readGeneric(database.db, statement, { said: 'x', n: 2 ** 40, none: null, yes: false }),
    ).rejects.toThrow(/out of range/);
    expect(
      await readGeneric(database.db, statement, { said: 'x', n: 1, none: null, yes: false }),
    ).toEqual([{ said: 'x', twice: 2, nothing: null, yes: false }]);
    await expect(
      readGeneric(database.db, statement, { said: {}, n: 1, none: null, yes: false }),
    ).rejects.toThrow(/No SQL literal/);
  });

  it('runs a statement without a name under its settings, named by its text, rows made', async () => {
    const statement = directSql<{ seqscan: string; twice: number }>(
      sql`select current_setting('enable_seqscan') as seqscan, ${sql.placeholder('n')}::int * 2 as twice`,
    );
    const settings = sql`select set_config('enable_seqscan', 'off', true)`;
    const make = (fields: unknown[]) => ({
      seqscan: fields[0] as string,
      twice: fields[1] as number,
    });
    for (const n of [1, 2]) {
      expect(await readGeneric(database.db, statement, { n }, { settings, make })).toEqual([
        { seqscan: 'off', twice: 2 * n },
      ]);
    }
    const [prepared] = await readLastOf<{ name: string; generic: number }>(
      database.db,
      "select name, generic_plans::int as generic from pg_prepared_statements where statement like '%current_setting(''enable_seqscan'')%'",
    );
    expect(prepared).toEqual({ name: expect.stringMatching(/^generic_[0-9a-f]{24}$/), generic: 2 });
    // Settings are our own text: a value that would be left out of it is refused.
    await expect(
      readGeneric(database.db, statement, { n: 1 }, { settings: sql`select ${'x'}` }),
    ).rejects.toThrow(/no parameters/);
    // Each statement's settings are its own, however often others ran before (each is written
    // once and kept).
    const other = sql`select set_config('enable_seqscan', 'on', true)`;
    for (const [given, seqscan] of [
      [other, 'on'],
      [settings, 'off'],
      [other, 'on'],
    ] as const) {
      expect(
        await readGeneric(database.db, statement, { n: 3 }, { settings: given, make }),
      ).toEqual([{ seqscan, twice: 6 }]);
    }
    // The settings ended with the run.
    expect(
      await readLastOf(database.db, "select current_setting('enable_seqscan') as seqscan"),
    ).toEqual([{ seqscan: 'on' }]);
  });
});
