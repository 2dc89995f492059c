/**
 * What the bare routes of `npm run bench:api` replay: the statements the app sent for one
 * request, as the capture hook recorded them, grouped so that the replay keeps the app's
 * transactions (one client from BEGIN to COMMIT) and its concurrency (statements the app had in
 * flight at the same time run at the same time).
 */

/** A parameter as pg sent it: text, NULL, or bytes. */
export type WireValue = string | null | { base64: string };

export interface CapturedStatement {
  /** Which pg client sent it (numbered in the order clients were first seen). */
  client: number;
  /** The HTTP request whose work sent it; undefined for the app's own timers. */
  request?: number | undefined;
  start: number;
  end: number;
  text: string;
  values?: WireValue[];
  /** A prepared statement's name: the replay prepares it under the same name. */
  name?: string;
  rowMode?: 'array';
  /** A cursor or stream (not replayable as one statement). */
  stream?: boolean;
  error?: string;
}

export interface PoolSettings {
  max: number;
  options?: string | undefined;
}

export type Statement = Pick<CapturedStatement, 'text' | 'values' | 'name' | 'rowMode'>;

/** Statements sent one after another on one client: a transaction, or a single statement. */
export interface Unit {
  transaction: boolean;
  statements: Statement[];
}

/** Units the app had in flight together; the waves run one after another. */
export type Wave = Unit[];

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

export function buildPlan(records: CapturedStatement[]): Wave[] {
  const sorted = [...records].sort((a, b) => a.start - b.start);
  const units: { unit: Unit; start: number; end: number }[] = [];
  const open = new Map<number, { unit: Unit; start: number; end: number }>();
  for (const record of sorted) {
    if (record.stream) throw new Error(`a cursor or stream cannot be replayed: ${record.text}`);
    const statement: Statement = {
      text: record.text,
      ...(record.values ? { values: record.values } : {}),
      ...(record.name ? { name: record.name } : {}),
      ...(record.rowMode ? { rowMode: record.rowMode } : {}),
    };
    const inTransaction = open.get(record.client);
    if (inTransaction) {
      inTransaction.unit.statements.push(statement);
      inTransaction.end = Math.max(inTransaction.end, record.end);
      if (END.test(record.text)) open.delete(record.client);
      continue;
    }
    const entry = {
      unit: { transaction: BEGIN.test(record.text), statements: [statement] },
      start: record.start,
      end: record.end,
    };
    units.push(entry);
    if (entry.unit.transaction) open.set(record.client, entry);
  }
  const waves: { units: Unit[]; end: number }[] = [];
  for (const { unit, start, end } of units) {
    const last = waves.at(-1);
    if (last && start < last.end) {
      last.units.push(unit);
      last.end = Math.max(last.end, end);
    } else waves.push({ units: [unit], end });
  }
  return waves.map((wave) => wave.units);
}

/** The statements' texts in order, to tell whether two captures of one request agree. */
export function statementTexts(plan: Wave[]): string[] {
  return plan.flatMap((wave) => wave.flatMap((unit) => unit.statements.map((s) => s.text)));
}
