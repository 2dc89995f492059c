import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '../../../../../tests/factories';
import { databaseUrl, withClient } from '../../../../../tests/setup/postgres-client';
import { connect } from '../../../../server/db/database';
import { migrateDatabase } from '../../../../server/db/migrate';
import { importPlaces } from '../../../places/server';

/**
 * Migration 0041 on a database that already holds requests with places: each gets its place's
 * names, and the words it is searched and counted by follow.
 */
const KOSICE = 724443;
const MIGRATIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../server/db/migrations',
);

const adminUrl = inject('adminDatabaseUrl');
const name = `majstri_place_names_${randomBytes(6).toString('hex')}`;
const url = databaseUrl(adminUrl, name);
const onAdmin = (query: string) => withClient(adminUrl, (admin) => admin.query(query));
let before: string;
let client: pg.Client;

/** The migrations folder as it was before 0041: its SQL files and a journal that ends at 0040. */
function migrationsUpTo0040() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= 40);
  expect(journal.entries.at(-1).tag).toBe('0040_listed_terms_function');
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    fs.copyFileSync(
      path.join(MIGRATIONS, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

beforeAll(async () => {
  await onAdmin(`create database ${name}`);
  before = migrationsUpTo0040();
  client = new pg.Client({ connectionString: url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await onAdmin(`drop database if exists ${name} with (force)`);
  fs.rmSync(before, { recursive: true, force: true });
});

describe('migration 0041 (the place’s names beside the detail line)', () => {
  it('names the place of every request already placed, for the search, the counts and the known words', async () => {
    await client.query("set client_min_messages = 'warning'");
    await migrate(drizzle(client), { migrationsFolder: before });
    await importPlaces(client);
    const { db, pool } = connect(url);
    const person = await createClient(db).finally(() => pool.end());
    const insert = (title: string, placeId: number | null) =>
      client.query(
        `insert into work_requests (client_id, title, description, category, location, place_id, contact_name, contact_email)
         values ($1, $2, 'Voda v dreze stojí, treba prečistiť odpad.', 'plumbing', 'Juh, pri stanici', $3, 'Jana', 'jana@example.test')`,
        [person.id, title, placeId],
      );
    await insert('Upchatý odtok v kuchyni', KOSICE);
    await insert('Kvapkajúci kohútik v kúpeľni', null);

    await migrateDatabase(url);

    const { rows } = await client.query<{ title: string; place_names: string | null }>(
      'select title, place_names from work_requests order by title',
    );
    expect(rows.map((row) => [row.title, row.place_names?.split(' ').sort()])).toEqual([
      ['Kvapkajúci kohútik v kúpeľni', undefined],
      ['Upchatý odtok v kuchyni', ['Košice', 'Кошице', 'Кошиці']],
    ]);
    const located = await client.query<{ title: string }>(
      `select title from work_requests
        where search_vector @@ to_tsquery('simple', 'kosice:*C') and search_vector @@ to_tsquery('simple', 'кошиці:*C')`,
    );
    expect(located.rows.map((row) => row.title)).toEqual(['Upchatý odtok v kuchyni']);
    const counts = await client.query<{ term: string; listed: number }>(
      `select term, listed from listed_term_counts
        where term in ('kosice', 'plumbing/kosice', 'кошице', 'stanici') order by term`,
    );
    expect(counts.rows).toEqual([
      { term: 'kosice', listed: 1 },
      { term: 'plumbing/kosice', listed: 1 },
      { term: 'stanici', listed: 2 },
      { term: 'кошице', listed: 1 },
    ]);
    const known = await client.query(
      "select term from search_terms where term in ('kosice', 'кошице', 'кошиці') order by term",
    );
    expect(known.rows.map((row) => row.term)).toEqual(['kosice', 'кошице', 'кошиці']);
  });
});
