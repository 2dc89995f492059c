import type { JobQueue, QueueName } from './job-queue';

export interface PeriodicLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs `work` on `cron` (UTC, or the `timeZone` named) through the job queue's schedule: once per due time across every
 * instance, in whichever instance's worker takes the job. `work` answers the line to log about
 * what it did, or nothing; a failed run is logged as "`name` failed" and waits for the next time
 * (it is not retried: the next run does the same work).
 */
export async function schedulePeriodic(
  queue: JobQueue,
  name: QueueName,
  cron: string,
  work: () => Promise<string | undefined>,
  log: PeriodicLog,
  timeZone?: string,
): Promise<void> {
  await queue.work(name, async () => {
    try {
      const line = await work();
      if (line) log.info(line);
    } catch (err) {
      log.error({ err }, `${name} failed`);
    }
  });
  await queue.schedule(name, cron, timeZone);
}
