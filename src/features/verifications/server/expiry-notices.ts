import type { ServerContext } from '../../../server/context';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';
import { sendExpiryNotices } from './verifications.service';

/**
 * The expiry notices' sweep runs every hour, on whichever instance takes the job: a check lapses
 * at the end of its day, so its notice comes within the hour after (docs/verifications.md).
 */
export async function scheduleVerificationNotices(
  queue: JobQueue,
  ctx: Pick<ServerContext, 'db' | 'events'>,
  log: PeriodicLog,
) {
  await schedulePeriodic(
    queue,
    QUEUES.verificationNotices,
    '7 * * * *',
    async () => {
      const sent = await sendExpiryNotices(ctx, new Date());
      return sent > 0 ? `verification notices: ${sent}` : undefined;
    },
    log,
  );
}
