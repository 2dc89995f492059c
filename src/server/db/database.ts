import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';

import type { Db } from './types';

export type { Db, Tx } from './types';

/** How Drizzle names columns in SQL: `createdAt` is `created_at`. */
export const CASING = 'snake_case';

/** The pool a `Db` runs on (Drizzle's documented `db.$client`, which the `Db` type leaves out). */
export function poolOf(db: Db): pg.Pool {
  return (db as Db & { $client: pg.Pool }).$client;
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** 'embedded' when the app runs its own PostgreSQL in DATA_DIR, 'server' with DATABASE_URL. */
  engine: 'embedded' | 'server';
  close(): Promise<void>;
}

// Dates and big integers come back as JavaScript values we control in presenters.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * How alike a searched word must be to a known word to count as a typo of it (pg_trgm `%`):
 * 0.35 lets one wrong, missing or doubled letter through in words of four letters or more.
 */
const TYPO_SIMILARITY_THRESHOLD = 0.35;

export function connect(url: string): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    options: `-c pg_trgm.similarity_threshold=${TYPO_SIMILARITY_THRESHOLD}`,
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return { pool, db: drizzle(pool, { schema, casing: CASING }) };
}

/** Opens the database the operating contract names, applying pending migrations. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
  /** The embedded PostgreSQL died and could not be started again (embedded.ts). */
  onGone?: (error: Error) => void;
}): Promise<Database> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(options.dataDir, {
        ...(options.log ? { log: options.log } : {}),
        ...(options.onGone ? { onGone: options.onGone } : {}),
      });
  const url = options.databaseUrl ?? embedded!.url;
  try {
    await migrateDatabase(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const { db, pool } = connect(url);
  return {
    db,
    pool,
    engine: embedded ? 'embedded' : 'server',
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
