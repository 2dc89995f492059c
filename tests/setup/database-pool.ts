import fs from 'node:fs';
import path from 'node:path';
import { withClient } from './postgres-client';

/**
 * Test files' databases used again instead of dropped (docs/testing.md "Database").
 *
 * `CREATE DATABASE … TEMPLATE` and `DROP DATABASE` cost PostgreSQL about a second of waiting and
 * a fifth of a second of CPU each, and PostgreSQL 15 answers every drop with a checkpoint. A file
 * that is done instead hands its database back emptied: every row its tests wrote deleted, every
 * sequence where the template left it. A database goes back only while it is provably the
 * template's again: the same schema (no table, column, constraint, trigger or function added or
 * taken away) and the same reference rows (places, migrations, the job queue's queues). Anything
 * else, and it is dropped as before.
 */

/** What a database must match to be used again: read once from the template, before any copy. */
export interface TemplateState {
  /** One digest of every relation, column, constraint, trigger, function and extension. */
  schema: string;
  /** Tables with rows in the template, each with its row count and newest row version. */
  reference: { table: string; rows: number; newest: string }[];
  /** Tables empty in the template: emptied again on the way back. */
  emptied: string[];
  /** Every sequence, as `setval` puts it back. */
  sequences: { name: string; value: string; called: boolean }[];
  /** pg-boss's bookkeeping row, which its running instances stamp. */
  jobQueueStamps: { maintained_on: string | null; cron_on: string | null };
}

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

const SCHEMA_DIGEST = `select md5(concat_ws('|',
  (select string_agg(format('%s.%s:%s', n.nspname, c.relname, c.relkind), ',' order by 1)
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}),
  (select string_agg(format('%s.%s:%s%s%s%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.atthasdef, a.attisdropped), ',' order by 1)
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where a.attnum > 0 and ${USER_SCHEMAS}),
  (select string_agg(format('%s:%s', conname, pg_get_constraintdef(oid)), ',' order by 1) from pg_constraint
     where connamespace in (select n.oid from pg_namespace n where ${USER_SCHEMAS})),
  (select string_agg(format('%s:%s', tgname, tgenabled), ',' order by 1) from pg_trigger),
  (select string_agg(p.oid::regprocedure::text, ',' order by 1) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}),
  (select string_agg(format('%s:%s', adrelid::regclass, pg_get_expr(adbin, adrelid)), ',' order by 1) from pg_attrdef),
  (select string_agg(format('%s:%s', extname, extversion), ',' order by 1) from pg_extension)
)) as schema`;

const quoted = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

const referenceQuery = (tables: string[]) =>
  tables
    .map(
      (table) =>
        `select '${table}' as table, count(*)::int as rows, coalesce(max(xmin::text::bigint), 0)::text as newest from ${quoted(table)}`,
    )
    .join(' union all ');

/** Reads the template's state (connect to the template only before any copy of it is made). */
export function readTemplateState(url: string): Promise<TemplateState> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS}
        order by 1`,
    );
    const filled = await client.query<{ table: string; filled: boolean }>(
      tables.rows
        .map(
          ({ name }) =>
            `select '${name}' as table, exists (select 1 from ${quoted(name)}) as filled`,
        )
        .join(' union all '),
    );
    const reference = filled.rows
      .filter((row) => row.filled && row.table !== 'pgboss.version')
      .map((row) => row.table);
    const referenceRows = await client.query<TemplateState['reference'][number]>(
      referenceQuery(reference),
    );
    const sequences = await client.query<{ name: string; value: string; called: boolean }>(
      `select schemaname || '.' || sequencename as name,
              coalesce(last_value, start_value)::text as value, last_value is not null as called
         from pg_sequences order by 1`,
    );
    const stamps = await client.query<TemplateState['jobQueueStamps']>(
      'select maintained_on::text, cron_on::text from pgboss.version',
    );
    return {
      schema: (await client.query<{ schema: string }>(SCHEMA_DIGEST)).rows[0]!.schema,
      reference: referenceRows.rows,
      emptied: filled.rows.filter((row) => !row.filled).map((row) => row.table),
      sequences: sequences.rows,
      jobQueueStamps: stamps.rows[0]!,
    };
  });
}

/**
 * Empties a file's database for the next file, or answers false when it is no longer the
 * template's (then the caller drops it). Every other connection to it is ended first.
 */
export function emptyForNextFile(url: string, template: TemplateState): Promise<boolean> {
  return withClient(url, async (client) => {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const schema = (await client.query<{ schema: string }>(SCHEMA_DIGEST)).rows[0]!.schema;
    if (schema !== template.schema) return false;
    const reference = await client.query<TemplateState['reference'][number]>(
      referenceQuery(template.reference.map((row) => row.table)),
    );
    const same = template.reference.every((expected, index) => {
      const found = reference.rows[index];
      return found?.rows === expected.rows && found.newest === expected.newest;
    });
    if (!same) return false;
    const literal = (value: string | null) =>
      value === null ? 'null' : `'${value.replaceAll("'", "''")}'`;
    const reset = [
      'begin',
      // Every table goes, so no foreign key or trigger needs to look at what else goes.
      'set local session_replication_role = replica',
      ...template.emptied.map((table) => `delete from ${quoted(table)}`),
      ...template.sequences.map(
        (sequence) =>
          `select setval('${quoted(sequence.name)}', ${sequence.value}, ${sequence.called})`,
      ),
      `update pgboss.version set maintained_on = ${literal(template.jobQueueStamps.maintained_on)},
           cron_on = ${literal(template.jobQueueStamps.cron_on)}`,
      'commit',
    ].join(';\n');
    // A server where the run's role may not set the replication role keeps dropping databases.
    return client.query(reset).then(
      () => true,
      () => false,
    );
  });
}

/**
 * The run's databases ready for another file: one empty file per database in a folder of the
 * run's. Taking one is deleting its file, which only one worker can do.
 */
export const databasePool = {
  take(folder: string): string | undefined {
    for (const name of fs.readdirSync(folder)) {
      try {
        fs.unlinkSync(path.join(folder, name));
        return name;
      } catch {
        // another worker took it first
      }
    }
    return undefined;
  },
  giveBack(folder: string, name: string): void {
    fs.writeFileSync(path.join(folder, name), '');
  },
  names(folder: string): string[] {
    return fs.readdirSync(folder);
  },
};
