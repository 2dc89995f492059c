import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { TestDatabase } from '../setup/test-database';

/**
 * Runs `action` while an account's deletion holds its row, as deleting an account does: the
 * deletion commits once the action waits on that row (a lock in PostgreSQL), so the action meets
 * an account that was there when it began and is gone when it writes. Answers the action's answer.
 */
export async function whileAccountIsDeleted<T>(
  database: TestDatabase,
  userId: string,
  action: () => Promise<T>,
): Promise<T> {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let deleted!: () => void;
  const rowGone = new Promise<void>((resolve) => (deleted = resolve));
  const deletion = database.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, userId));
    deleted();
    await held;
  });
  await rowGone;
  const acting = action();
  await expect
    .poll(async () => {
      const waiting = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return waiting.rows[0]!.n;
    })
    .toBeGreaterThan(0);
  commit();
  await deletion;
  return acting;
}
