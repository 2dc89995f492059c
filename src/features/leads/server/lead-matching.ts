import type { ServerContext } from '../../../server/context';
import type { Db, Tx } from '../../../server/db/types';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { matchLeads } from './leads.service';

/** A request just posted, to match against the alerts (queue `lead-matching`). */
export interface RequestToMatch {
  workRequestId: string;
}

/** Queues a request's matching through the posting's transaction: it exists once that commits. */
export type QueueLeadMatching = (tx: Db | Tx, job: RequestToMatch) => Promise<void>;

export function leadMatchingQueue(queue: JobQueue): QueueLeadMatching {
  return (tx, job) =>
    // Queued twice (the event replayed), it is matched twice: the second tells nobody again.
    queue.send(tx, QUEUES.leadMatching, job, {
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
    });
}

/**
 * The worker (every instance, one job at a time): each request is matched in a transaction of its
 * own, so that posting a request never waits for its leads to be told (docs/leads.md "Matching").
 * A failure rolls the whole matching back and the queue tries it again; leads already told are
 * never told twice (`lead_deliveries`).
 */
export async function startLeadMatching(
  queue: JobQueue,
  ctx: Pick<ServerContext, 'db' | 'events'>,
) {
  await queue.work<RequestToMatch>(QUEUES.leadMatching, async (job) => {
    await ctx.db.transaction((tx) => matchLeads(ctx.events, tx, job.data.workRequestId));
  });
}
