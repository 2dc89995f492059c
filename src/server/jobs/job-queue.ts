import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db, Tx } from '../db/types';

/** The schema pg-boss keeps its tables in (installed with our migrations, `installJobQueue`). */
export const QUEUE_SCHEMA = 'pgboss';

/** Every queue of the product; the names are stored in the database, so never rename one. */
export const QUEUES = {
  /** One product mail to send (mail/mail-queue.ts). */
  mail: 'mail',
  /** A mail whose every attempt failed: raises the `email` alert (pg-boss dead letter). */
  mailFailed: 'mail-failed',
  /** Expired sessions and spent sign-in locks (accounts/server/session-cleanup.ts). */
  signInCleanup: 'sign-in-cleanup',
  /** Old audit entries and alerts (admin/server/retention.ts). */
  retention: 'retention',
  /** A notification to push to its reader's devices (notifications/server/push-queue.ts). */
  push: 'push',
  /** One push to one device, tried again alone when its push service fails. */
  pushDelivery: 'push-delivery',
  /** Messages unread for 10 minutes, told by push or mail (conversations/server/reminders.ts). */
  messageReminders: 'message-reminders',
  /** A request just posted, matched against the lead alerts (leads/server/lead-matching.ts). */
  leadMatching: 'lead-matching',
  /** The day's daily leads, one mail a provider at 7:00 (leads/server/daily-leads.ts). */
  dailyLeads: 'daily-leads',
  /** Open requests whose time for bids ran out become EXPIRED (requests/server/expiry.ts). */
  requestExpiry: 'request-expiry',
  /** DONE jobs: the 24-hour warning and the completion 7 days after "done" (requests). */
  completionSweep: 'completion-sweep',
  /** Checks of a business or insurance lapsing in 30 days or lapsed: told once each (verifications). */
  verificationNotices: 'verification-notices',
  /** Every provider's figures, as the 90-day window slides (workflows/refresh-provider-stats.ts). */
  providerStats: 'provider-stats',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** pg-boss's own queue for schedules; made here so that no instance races to make it. */
const SCHEDULE_QUEUE = '__pgboss__send-it';

/** What pg-boss runs its SQL through: our pool, our migration client, or a transaction. */
type Executor = PgBoss.Db;

/** Runs pg-boss's SQL on any pg client (a pool or one connection). */
export function clientExecutor(client: pg.Pool | pg.Client | pg.PoolClient): Executor {
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * Runs pg-boss's SQL inside a Drizzle transaction, so that a job is written by the same
 * transaction as the change that causes it: committed together, or rolled back together.
 * Drizzle hides the transaction's connection, so the `$n` placeholders become Drizzle parameters.
 */
export function transactionExecutor(tx: Db | Tx): Executor {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      );
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/**
 * Installs or upgrades pg-boss's tables and makes the product's queues. Runs with the migrations,
 * on their connection and under their lock (db/migrate.ts), so instances never race at start.
 */
export async function installJobQueue(client: pg.Client): Promise<void> {
  const boss = new PgBoss({
    db: clientExecutor(client),
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    for (const name of [...Object.values(QUEUES), SCHEDULE_QUEUE]) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
    }
    // Failed mail goes on to the queue that raises the alert; set on the queue, so it also holds
    // for a mail whose attempt outlived its expiry.
    await boss.updateQueue(QUEUES.mail, { name: QUEUES.mail, deadLetter: QUEUES.mailFailed });
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

export interface JobQueueSettings {
  /** How often an idle worker asks for work (pg-boss polls; at least 0.5 s). */
  pollingIntervalSeconds: number;
  /** How often each instance looks whether a schedule is due (1–45 s). */
  cronMonitorIntervalSeconds: number;
}

export const DEFAULT_QUEUE_SETTINGS: JobQueueSettings = {
  pollingIntervalSeconds: 2,
  cronMonitorIntervalSeconds: 30,
};

export type QueueDepths = {
  queue: QueueName;
  state: 'waiting' | 'active' | 'failed';
  jobs: number;
}[];

/** pg-boss working on our pool: workers, schedules and the queue's own upkeep. */
export interface JobQueue {
  /** Enqueues a job through `tx`: it exists once `tx` commits, and never if it rolls back. */
  send(
    tx: Db | Tx,
    queue: QueueName,
    data: object,
    options?: Omit<PgBoss.SendOptions, 'db'>,
  ): Promise<void>;
  /** Runs `handler` for every job of `queue`, one at a time per instance. */
  work<T extends object>(
    queue: QueueName,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ): Promise<void>;
  /** Enqueues a job of `queue` on `cron` (in `timeZone`, UTC unless named), once across every instance. */
  schedule(queue: QueueName, cron: string, timeZone?: string): Promise<void>;
  /** Jobs waiting (created or waiting for a retry), running, and failed, per queue. */
  depths(): Promise<QueueDepths>;
  /** Stops asking for work and waits for running jobs (up to 30 s); the pool stays open. */
  stop(): Promise<void>;
}

/** Waits before starting pg-boss again after a failed start: 1 s, doubling up to a minute. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 60_000;

/**
 * pg-boss's SQL on the app's pool, for a queue that stops before the pool closes. pg-boss
 * records a finished job (complete or fail) without awaiting it, so such a write may still be on
 * its way when `stop` returns: `settle` waits for every statement in flight, and any statement
 * asked for after it is neither run nor answered (the job stays active and, once expired, is tried again —
 * mail is at-least-once anyway).
 */
function stoppableExecutor(pool: pg.Pool) {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const executor: Executor = {
    executeSql(text, values) {
      // Never answered: pg-boss reads the answer's rows, and this one must not reach the pool.
      if (closed) return new Promise<never>(() => undefined);
      const query = pool.query(text, values);
      inFlight.add(query);
      void query.finally(() => inFlight.delete(query)).catch(() => undefined);
      return query;
    },
  };
  const settle = async () => {
    // One turn first: a job's handler that just ended has its record written in this turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    closed = true;
    await Promise.allSettled([...inFlight]);
  };
  return { executor, settle };
}

/** Starts pg-boss on the app's own pool (its tables are installed by the migrations). */
export async function startJobQueue(
  pool: pg.Pool,
  settings: JobQueueSettings,
  onError: (error: Error) => void,
): Promise<JobQueue> {
  const sql = stoppableExecutor(pool);
  const boss = new PgBoss({
    db: sql.executor,
    schema: QUEUE_SCHEMA,
    migrate: false,
    // A sent mail holds its links (password reset, verification) and the recipient's address:
    // it leaves the live table an hour after it is done and the archive a day later.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
    cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: Math.min(45, Math.max(1, settings.pollingIntervalSeconds)),
  });
  boss.on('error', onError);

  // A database that cannot be reached at start (a restart, a network blip) must not keep the
  // app from answering — its health check then says 503. pg-boss is started again with
  // back-off, and workers and schedules asked for meanwhile begin once it runs.
  let started = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const waiting: (() => Promise<unknown>)[] = [];
  const begin = async (attempt: number): Promise<void> => {
    try {
      await boss.start();
    } catch (error) {
      onError(error as Error);
      if (!stopped) {
        const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** attempt);
        retry = setTimeout(() => void begin(attempt + 1), delay).unref();
      }
      return;
    }
    started = true;
    for (const step of waiting.splice(0)) await step().catch((error: Error) => onError(error));
  };
  const once = async (step: () => Promise<unknown>) => {
    if (started) await step();
    else waiting.push(step);
  };
  await begin(0);

  return {
    async send(tx, queue, data, options = {}) {
      await boss.send(queue, data, { ...options, db: transactionExecutor(tx) });
    },
    async work(queue, handler) {
      await once(() =>
        boss.work(
          queue,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: settings.pollingIntervalSeconds,
          },
          async ([job]) => {
            if (job) await handler(job as PgBoss.JobWithMetadata<never>);
          },
        ),
      );
    },
    async schedule(queue, cron, timeZone = 'UTC') {
      await once(() => boss.schedule(queue, cron, {}, { tz: timeZone }));
    },
    async depths() {
      const result = await pool.query<{
        name: QueueName;
        state: 'waiting' | 'active' | 'failed';
        jobs: number;
      }>(
        `select name,
                case when state in ('created', 'retry') then 'waiting' else state::text end as state,
                count(*)::int as jobs
           from ${QUEUE_SCHEMA}.job
          where state in ('created', 'retry', 'active', 'failed') and name = any($1)
          group by 1, 2`,
        [Object.values(QUEUES)],
      );
      return result.rows.map((row) => ({ queue: row.name, state: row.state, jobs: row.jobs }));
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (started) await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      await sql.settle();
    },
  };
}
