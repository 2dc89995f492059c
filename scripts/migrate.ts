// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { openDatabase } from '../src/server/db/database';
import { loadEnv } from '../src/server/env';

async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  console.log(`Migrations applied (${database.engine} database).`);
  await database.close();
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
