import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded';

/**
 * A benchmark's database: an embedded PostgreSQL in `dataDir`, or a new database `name` on the
 * server at `serverUrl`. `stopEmbedded` is set for the embedded engine; `drop` removes the server
 * database (nothing to do for the embedded one, whose folder the caller removes).
 */
export async function openBenchDatabase(
  engine: 'server' | 'embedded',
  dataDir: string,
  name: string,
  serverUrl: string,
): Promise<{ url: string; stopEmbedded?: () => Promise<void>; drop: () => Promise<void> }> {
  if (engine === 'embedded') {
    const embedded = await startEmbeddedPostgres(dataDir);
    return { url: embedded.url, stopEmbedded: () => embedded.stop(), drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
