import type { ServerContext } from '../../../server/context';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';
import { nextRequestStatus, shouldExpire } from '../requests.rules';
import { bidsAtExpiry } from './bids.repo';
import { lockDueForExpiry, setRequestStatus } from './requests.repo';

/** Requests expired per transaction; a sweep takes batches until none is due. */
const BATCH = 200;

/**
 * One sweep: every OPEN request whose `bids_until` is at or before `now` becomes EXPIRED
 * (requests.rules.ts), and `request.expired` tells its client and the providers whose bids are
 * still pending. The rows are taken `for update skip locked`, so two sweeps at once (two
 * instances, or a run that outlived its minute) expire each request exactly once, and a client's
 * extension or an acceptance holding the row is waited for by neither side: the sweep skips it,
 * and the next sweep sees what it became. Answers how many requests expired.
 */
export async function expireDueRequests(ctx: Pick<ServerContext, 'db' | 'events'>, now: Date) {
  let expired = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const due = await lockDueForExpiry(tx, now, BATCH);
      for (const request of due) {
        if (!shouldExpire(request, now)) continue;
        await setRequestStatus(tx, request.id, nextRequestStatus(request.status, 'expire')!);
        const bids = await bidsAtExpiry(tx, request.id);
        await ctx.events.publish(tx, 'request.expired', {
          workRequestId: request.id,
          clientId: request.clientId,
          title: request.title,
          ...bids,
        });
      }
      return due.length;
    });
    expired += count;
    if (count < BATCH) return expired;
  }
}

/** The sweep runs every minute, on whichever instance takes the job (docs/requests.md). */
export async function scheduleRequestExpiry(
  queue: JobQueue,
  ctx: Pick<ServerContext, 'db' | 'events'>,
  log: PeriodicLog,
) {
  await schedulePeriodic(
    queue,
    QUEUES.requestExpiry,
    '* * * * *',
    async () => {
      const expired = await expireDueRequests(ctx, new Date());
      return expired > 0 ? `requests expired: ${expired}` : undefined;
    },
    log,
  );
}
