import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { DELETE_BATCH, deleteInBatches } from '../../../server/db/delete-in-batches';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';
import { sessions, signInFailures } from './tables';

/**
 * Removes what sign-in leaves behind once it no longer counts:
 * - sessions past their expiry (no request accepts them any more);
 * - address failure rows (`sign_in_failures`) whose lock has run out. Such a row answers exactly as
 *   no row does (not locked, and the next failure starts the count at 1), so removing it changes
 *   no answer; rows still counting towards a lock stay, as an account's count does.
 * Scheduled once across instances, and safe even twice at once: each statement only deletes what
 * is already dead.
 */
export async function purgeExpiredSignInState(db: Db, now = new Date()) {
  const expiredSessions = await deleteInBatches(async () => {
    const deleted = await db
      .delete(sessions)
      .where(
        inArray(
          sessions.id,
          db
            .select({ id: sessions.id })
            .from(sessions)
            .where(lt(sessions.expiresAt, now))
            .limit(DELETE_BATCH),
        ),
      )
      .returning({ id: sessions.id });
    return deleted.length;
  });
  const spentLocks = await deleteInBatches(async () => {
    const deleted = await db
      .delete(signInFailures)
      .where(
        inArray(
          signInFailures.emailKey,
          db
            .select({ key: signInFailures.emailKey })
            .from(signInFailures)
            .where(lt(signInFailures.lockUntil, now))
            .limit(DELETE_BATCH),
        ),
      )
      .returning({ key: signInFailures.emailKey });
    return deleted.length;
  });
  return { sessions: expiredSessions, signInFailures: spentLocks };
}

/** The clean-up on the queue's schedule (MAINTENANCE_CRON), once across all instances. */
export function scheduleSessionCleanup(
  queue: JobQueue,
  db: Db,
  cron: string,
  log: PeriodicLog,
): Promise<void> {
  return schedulePeriodic(
    queue,
    QUEUES.signInCleanup,
    cron,
    async () => {
      const result = await purgeExpiredSignInState(db);
      return result.sessions + result.signInFailures > 0
        ? `session clean-up: removed ${result.sessions} expired sessions and ${result.signInFailures} spent address locks`
        : undefined;
    },
    log,
  );
}
