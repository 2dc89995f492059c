import type pg from 'pg';
import { DELETE_BATCH, deleteInBatches } from '../../../server/db/delete-in-batches';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';

export interface RetentionPolicy {
  /** AUDIT_RETENTION_DAYS */
  auditDays: number;
  /** ALERT_RETENTION_DAYS */
  alertDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tables and their clocks; constants, never input. */
const TABLES = { audits: 'audit_entries', alerts: 'alerts' } as const;

function deleteOlderThan(pool: pg.Pool, table: string, cutoff: Date) {
  return deleteInBatches(async () => {
    const result = await pool.query(
      `delete from ${table} where id in
         (select id from ${table} where created_at < $1 order by created_at limit $2)`,
      [cutoff, DELETE_BATCH],
    );
    return result.rowCount ?? 0;
  });
}

/**
 * Removes audit entries and alerts older than their retention. The queue's schedule runs it in one
 * instance at a time (`scheduleRetention`); it would also be safe twice at once.
 */
export async function applyRetention(
  pool: pg.Pool,
  policy: RetentionPolicy,
  now = new Date(),
): Promise<{ audits: number; alerts: number }> {
  return {
    audits: await deleteOlderThan(
      pool,
      TABLES.audits,
      new Date(now.getTime() - policy.auditDays * DAY_MS),
    ),
    alerts: await deleteOlderThan(
      pool,
      TABLES.alerts,
      new Date(now.getTime() - policy.alertDays * DAY_MS),
    ),
  };
}

/** The retention on the queue's schedule (MAINTENANCE_CRON), once across all instances. */
export function scheduleRetention(
  queue: JobQueue,
  pool: pg.Pool,
  policy: RetentionPolicy,
  cron: string,
  log: PeriodicLog,
): Promise<void> {
  return schedulePeriodic(
    queue,
    QUEUES.retention,
    cron,
    async () => {
      const result = await applyRetention(pool, policy);
      return result.audits + result.alerts > 0
        ? `retention: removed ${result.audits} audit entries and ${result.alerts} alerts`
        : undefined;
    },
    log,
  );
}
