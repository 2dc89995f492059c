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
const TABLES = {
  audits: ['audit_entries', 'created_at'],
  alerts: ['alerts', 'created_at'],
  /** A handled report of a conversation (docs/conversations.md "Retention"), by when it was closed. */
  reports: ['conversation_reports', 'closed_at'],
} as const;

function deleteOlderThan(pool: pg.Pool, [table, clock]: readonly [string, string], cutoff: Date) {
  return deleteInBatches(async () => {
    const result = await pool.query(
      `delete from ${table} where id in
         (select id from ${table} where ${clock} < $1 order by ${clock} limit $2)`,
      [cutoff, DELETE_BATCH],
    );
    return result.rowCount ?? 0;
  });
}

/**
 * Removes audit entries and alerts older than their retention, and reports of conversations
 * closed longer ago than the audit's retention. The queue's schedule runs it in one
 * instance at a time (`scheduleRetention`); it would also be safe twice at once.
 */
export async function applyRetention(
  pool: pg.Pool,
  policy: RetentionPolicy,
  now = new Date(),
): Promise<{ audits: number; alerts: number; reports: number }> {
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
    reports: await deleteOlderThan(
      pool,
      TABLES.reports,
      new Date(now.getTime() - policy.auditDays * DAY_MS),
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
      if (result.audits + result.alerts + result.reports === 0) return undefined;
      const reports = result.reports > 0 ? `, ${result.reports} closed reports` : '';
      return `retention: removed ${result.audits} audit entries and ${result.alerts} alerts${reports}`;
    },
    log,
  );
}
