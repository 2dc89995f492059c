import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient, QueryResult } from 'pg';
import { CASING, poolOf, type Db } from './database';

const dialect = new PgDialect({ casing: CASING });

/** The text Drizzle writes for `query` (parameters as `$n`, or inlined with `inlineParams()`). */
export const sqlText = (query: SQL): string => dialect.sqlToQuery(query).sql;

/**
 * A fragment without parameters (columns, tables, SQL of our own) written once, for statements
 * written with it again and again: Drizzle walks every piece of a fragment each time it writes
 * one (a card's fields: 47 µs).
 */
export function writtenOnce(fragment: SQL): SQL {
  return sql.raw(ownText(fragment, 'A fragment written once'));
}

/** The text of a fragment of our own, refused if it holds a value its text would leave out. */
function ownText(fragment: SQL, what: string): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`${what} takes no parameters: ${text}`);
  return text;
}

/**
 * A statement Drizzle writes once and `pg` runs as it is, for hot reads whose rows need no
 * mapping: every field is named in SQL as the code names it, and `pg`'s own parsers give it its
 * final type (timestamps as Dates, dates as text, counts as numbers: database.ts). That spares
 * what Drizzle does on every call (writing the text again, mapping each field of each row), and
 * each row `pg` reads is the result itself, not a first copy of it (docs/performance.md).
 */
export interface DirectStatement<Row> {
  /** Prepared under this name on each connection that runs it; none for a one-off statement. */
  name: string | undefined;
  text: string;
  /** The parameters, placeholders (`sql.placeholder`) among them. */
  params: unknown[];
  /** Only for the type of the rows. */
  row?: Row;
}

export function directStatement<Row>(
  query: { toSQL(): { sql: string; params: unknown[] } },
  name?: string,
): DirectStatement<Row> {
  const { sql: text, params } = query.toSQL();
  return { name, text, params };
}

/** A one-off direct statement from a query written with Drizzle's `sql`. */
export function directSql<Row>(query: SQL): DirectStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: undefined, text, params };
}

/**
 * Makes a row from its fields in the statement's order. `pg` makes each row by copying one
 * object per statement and adding the fields by name; once a process has read many shapes of
 * row that copy takes V8's slow path (about 14 µs a page of 100 cards, perf, Node 20). Read
 * as arrays (`rowMode: 'array'`), each row is made in one literal instead.
 */
export type RowMaker<Row> = (fields: unknown[]) => Row;

/** Runs a direct statement with its placeholders' values; its rows as `pg` read them, or made. */
export async function readDirect<Row>(
  db: Db,
  statement: DirectStatement<Row>,
  values: Record<string, unknown> = {},
  make?: RowMaker<Row>,
): Promise<Row[]> {
  const result = await poolOf(db).query({
    ...(statement.name ? { name: statement.name } : {}),
    ...(make ? { rowMode: 'array' as const } : {}),
    text: statement.text,
    values: fillPlaceholders(statement.params, values),
  });
  return rowsOf(result, make);
}

/**
 * Runs statements written as one text (no parameters: the simple protocol, one implicit
 * transaction); the rows of the last one, as `pg` read them or made.
 */
export async function readLastOf<Row>(db: Db, text: string, make?: RowMaker<Row>): Promise<Row[]> {
  const pool = poolOf(db);
  const results = (await (make
    ? pool.query({ text, rowMode: 'array' })
    : pool.query(text))) as unknown as QueryResult[] | QueryResult;
  const last = Array.isArray(results) ? results.at(-1)! : results;
  return rowsOf(last, make);
}

/** The statements each connection has prepared for readGeneric, by name. */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

/** A parameter's value as SQL text, for statements run through the simple protocol. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  // One replace over the text, not pg's `escapeLiteral`, which builds it letter by letter (a
  // radius's thousands of places as one array: about 1 ms of the server's time a search).
  if (typeof value === 'string') {
    return /['\\]/.test(value)
      ? `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
      : `'${value}'`;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw new Error(`No SQL literal for ${typeof value}`);
}

/** How readGeneric runs a statement: under planner settings (a `select set_config(…)`), rows made. */
export interface GenericRun<Row> {
  settings?: SQL;
  make?: RowMaker<Row>;
}

/** Names given by texts so far (a few dozen shapes of statement), so each is hashed once. */
const namesOfTexts = new Map<string, string>();
const MAX_NAMED_TEXTS = 1_000;

/** The name a statement is prepared under: its own, or one its text gives it. */
function preparedName(statement: DirectStatement<unknown>) {
  if (statement.name) return statement.name;
  let name = namesOfTexts.get(statement.text);
  if (name === undefined) {
    name = `generic_${createHash('sha1').update(statement.text).digest('hex').slice(0, 24)}`;
    if (namesOfTexts.size >= MAX_NAMED_TEXTS) namesOfTexts.clear();
    namesOfTexts.set(statement.text, name);
  }
  return name;
}

/** The plan made once for any values, for the one statement after it. */
const GENERIC_PLAN = "set_config('plan_cache_mode', 'force_generic_plan', true)";

/**
 * The `select` that comes before a run: its settings (a `select set_config(…)` of our own values)
 * with the generic plan's, one statement and one answer; written once for each (Drizzle wrote a
 * search's settings anew on every run: a twentieth of the server's time a search, perf).
 */
const settingsTexts = new WeakMap<SQL, string>();
function settingsText(settings: SQL | undefined): string {
  if (!settings) return `select ${GENERIC_PLAN}`;
  let text = settingsTexts.get(settings);
  if (text === undefined) {
    text = `${ownText(settings, "A statement's settings")}, ${GENERIC_PLAN}`;
    settingsTexts.set(settings, text);
  }
  return text;
}

/**
 * Runs a statement under the one plan PostgreSQL makes for it on each connection (its generic
 * plan), for statements whose plan cannot depend on their values: the known words of a search,
 * a page read place by place. PostgreSQL plans a statement again for its values at each run when
 * it guesses that plan cheaper, even one prepared by name (the known words: 0.4–1 ms of planning,
 * more than they run), and a statement with its values written into the text always. Here the
 * statement is prepared in SQL (`prepare`, named by its text unless it has a name) the first time
 * a connection runs it, and run (`execute`, its values as literals) under its settings and
 * `plan_cache_mode` set for that one run: the plan is made at the first run, under the settings,
 * and kept. All in one simple-protocol message, one round trip, one implicit transaction.
 */
export async function readGeneric<Row>(
  db: Db,
  statement: DirectStatement<Row>,
  values: Record<string, unknown> = {},
  { settings, make }: GenericRun<Row> = {},
): Promise<Row[]> {
  const name = preparedName(statement);
  const literals = fillPlaceholders(statement.params, values).map(literalOf);
  const before = settingsText(settings);
  const client = await poolOf(db).connect();
  try {
    const prepared = preparedOn.get(client) ?? new Set<string>();
    const text = [
      ...(prepared.has(name) ? [] : [`prepare ${name} as ${statement.text}`]),
      before,
      `execute ${name}(${literals.join(', ')})`,
    ].join(';\n');
    const results = (await (make
      ? client.query({ text, rowMode: 'array' })
      : client.query(text))) as unknown as QueryResult[];
    prepared.add(name);
    preparedOn.set(client, prepared);
    client.release();
    return rowsOf(results.at(-1)!, make);
  } catch (error) {
    // Whether the statement was prepared is unknown now: the connection goes with its statements.
    client.release(error as Error);
    throw error;
  }
}

/** A result's rows as `pg` read them, or made from its arrays. */
function rowsOf<Row>(result: QueryResult, make: RowMaker<Row> | undefined): Row[] {
  return make ? (result.rows as unknown[][]).map(make) : (result.rows as Row[]);
}

/** Asks the database for nothing: `select 1` in the simple protocol, one message each way. */
export async function pingDatabase(db: Db): Promise<void> {
  await poolOf(db).query('select 1');
}
