import type pg from 'pg';
import { DELETE_BATCH, deleteInBatches } from '../../../server/db/delete-in-batches';
import { startPeriodic, type PeriodicLog, type PeriodicTiming } from '../../../server/periodic';

export interface RetentionPolicy {
  /** AUDIT_RETENTION_DAYS */
  auditDays: number;
  /** ALERT_RETENTION_DAYS */
  alertDays: number;
}

/** One number for pg_try_advisory_lock: "majstri retention". */
const RETENTION_LOCK = 0x6d616a_7265;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tables and their clocks; constants, never input. */
const TABLES = { audits: 'audit_entries', alerts: 'alerts' } as const;

function deleteOlderThan(client: pg.PoolClient, table: string, cutoff: Date) {
  return deleteInBatches(async () => {
    const result = await client.query(
      `delete from ${table} where id in
         (select id from ${table} where created_at < $1 order by created_at limit $2)`,
      [cutoff, DELETE_BATCH],
    );
    return result.rowCount ?? 0;
  });
}

/**
 * Removes audit entries and alerts older than their retention. Runs in one instance at a time:
 * the others find the advisory lock taken and skip this round (`ran: false`).
 */
export async function applyRetention(
  pool: pg.Pool,
  policy: RetentionPolicy,
  now = new Date(),
): Promise<{ ran: boolean; audits: number; alerts: number }> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [RETENTION_LOCK],
    );
    if (!rows[0]?.locked) return { ran: false, audits: 0, alerts: 0 };
    try {
      return {
        ran: true,
        audits: await deleteOlderThan(
          client,
          TABLES.audits,
          new Date(now.getTime() - policy.auditDays * DAY_MS),
        ),
        alerts: await deleteOlderThan(
          client,
          TABLES.alerts,
          new Date(now.getTime() - policy.alertDays * DAY_MS),
        ),
      };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [RETENTION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The retention shortly after start and then hourly, in the background (`startPeriodic`). */
export function startRetention(
  pool: pg.Pool,
  policy: RetentionPolicy,
  log: PeriodicLog,
  timing: PeriodicTiming = { firstAfterMs: 60_000, everyMs: 3_600_000 },
): () => Promise<void> {
  return startPeriodic(
    'retention clean-up',
    async () => {
      const result = await applyRetention(pool, policy);
      return result.audits + result.alerts > 0
        ? `retention: removed ${result.audits} audit entries and ${result.alerts} alerts`
        : undefined;
    },
    log,
    timing,
  );
}
