// `npx tsx scripts/bench-fill.ts URL COUNT`: a migrated database with COUNT generated requests,
// for looking at query plans by hand (the benchmark itself fills its own databases).
import pg from 'pg';
import { migrateDatabase } from '../src/server/db/migrate';
import { addRequests, seedClients } from './bench-data';

async function main() {
  const [url, count] = process.argv.slice(2);
  if (!url || !count) throw new Error('usage: bench-fill.ts URL COUNT');
  await migrateDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await seedClients(client);
  await addRequests(client, Number(count));
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
