import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';

export type Db = NodePgDatabase<typeof schema>;

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

/** 0.45 lets one wrong, missing or doubled letter in a 6–8 letter word through, and little else. */
const WORD_SIMILARITY_THRESHOLD = 0.45;

export function connect(url: string): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    // Typo tolerance of search: how alike a search must be to whole words of a request (pg_trgm `<<%`).
    options: `-c pg_trgm.strict_word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return { pool, db: drizzle(pool, { schema, casing: 'snake_case' }) };
}

/** Opens the database the operating contract names, applying pending migrations. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<Database> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(options.dataDir, options.log);
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
