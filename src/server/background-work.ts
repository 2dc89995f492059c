import type { FastifyInstance } from 'fastify';
import { poolOf, type Db } from './db/database';
import {
  DEFAULT_QUEUE_SETTINGS,
  startJobQueue,
  type JobQueue,
  type JobQueueSettings,
} from './jobs/job-queue';
import { startMailWorkers, type MailRetry } from './mail/mail-queue';
import { outboxMailer, type Mailer } from './mail/mailer';
import type { RecordAlert } from './plugins/alerts';
import type { Metrics } from './plugins/metrics';
import { scratchDir } from './app-context';
import { scheduleRetention, type RetentionPolicy } from '../features/admin/server/retention';
import { scheduleSessionCleanup } from '../features/accounts/server/session-cleanup';
import { markContactMessageDelivered } from '../features/contact/server/contact.service';

export interface JobSettings {
  queue?: JobQueueSettings;
  mailRetry?: MailRetry;
  /** When the periodic clean-ups run (MAINTENANCE_CRON). */
  maintenanceCron?: string;
  retention?: RetentionPolicy;
}

/** The job queue (pg-boss on our own pool): mail and periodic work, stopped when the app closes. */
export async function openJobQueue(
  app: FastifyInstance,
  db: Db,
  jobs: JobSettings,
): Promise<JobQueue> {
  const queue = await startJobQueue(poolOf(db), jobs.queue ?? DEFAULT_QUEUE_SETTINGS, (err) =>
    app.log.error({ err }, 'job queue error'),
  );
  app.addHook('onClose', () => queue.stop());
  return queue;
}

/**
 * The work done away from any request: the mail worker (every instance) and the periodic
 * clean-ups of sessions, audit entries and alerts (one job per due time across all instances).
 */
export async function startBackgroundWork(
  app: FastifyInstance,
  queue: JobQueue,
  work: {
    db: Db;
    /** Without one, mail is written to a folder of its own under the system's temporary folder. */
    mailer: Mailer | undefined;
    jobs: JobSettings;
    recordAlert: RecordAlert;
    metrics: Metrics | undefined;
  },
): Promise<void> {
  const { db, jobs, recordAlert, metrics } = work;
  const mailer =
    work.mailer ??
    outboxMailer(scratchDir(), 'Majstri <no-reply@majstri.sk>', (line) => app.log.info(line));
  await startMailWorkers(queue, mailer, {
    recordAlert,
    log: app.log,
    ...(metrics ? { onFailure: metrics.mailFailed } : {}),
    onSent: async (mail) => {
      if (mail.kind === 'contact' && mail.ref) await markContactMessageDelivered(db, mail.ref);
    },
  });
  const maintenanceCron = jobs.maintenanceCron ?? '17 * * * *';
  await scheduleSessionCleanup(queue, db, maintenanceCron, app.log);
  await scheduleRetention(
    queue,
    poolOf(db),
    jobs.retention ?? { auditDays: 365, alertDays: 90 },
    maintenanceCron,
    app.log,
  );
}
