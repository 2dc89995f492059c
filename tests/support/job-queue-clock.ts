import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';

/**
 * Moves the job queue's clock for one queue: each of its jobs waiting to be tried again is due
 * now, as if its wait had passed. Tests give retries an hour's wait and call this where a person
 * would wait, so a retry comes when the test says, never after a real wait.
 */
export async function retriesDueNow(db: Db, queue: string): Promise<void> {
  await db.execute(
    sql`update pgboss.job set start_after = now()
         where name = ${queue} and state = 'retry' and start_after > now()`,
  );
}
