import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installJobQueue } from '../jobs/job-queue';
import { importPlaces } from '../../features/places/server';

/** In the source tree migrations sit beside this file; the build copies them beside main.js. */
const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number arbitrary but fixed: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 727_274_001;

/**
 * Applies the committed SQL migrations that have not run yet, imports the places when their extract
 * is new, then installs or upgrades the job queue's tables, one instance at a time.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query("set client_min_messages = 'warning'");
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // The gazetteer, when the committed extract is new (docs/places.md "The gazetteer").
    await importPlaces(client);
    // The job queue's tables (pg-boss's own migrations) and the product's queues.
    await installJobQueue(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
