import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

/** The database as Drizzle hands it out, typed with every table of the product. */
export type Db = NodePgDatabase<typeof schema>;

/** A transaction, as `db.transaction(async (tx) => …)` hands it to the code inside. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
