import type { ServerContext } from '../../../server/context';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';
import {
  AUTO_COMPLETE_AFTER_MS,
  AUTO_COMPLETE_WARNING_MS,
  nextRequestStatus,
} from '../requests.rules';
import { doneSaidBefore, latestDoneOf, markWarned } from './completion.repo';
import { autoCompletesAt } from './completion.service';
import { readRequestRow, setRequestStatus } from './requests.repo';

type SweepContext = Pick<ServerContext, 'db' | 'events' | 'writeAudit'>;

const BATCH = 200;

/**
 * One sweep of DONE jobs (docs/requests.md "Completion"): each that completes within a day and
 * was not yet warned about is told to both sides once (`request.completion_due`); each whose
 * "done" is 7 days old completes by itself (`request.completed`, by `auto`). Every request is
 * locked and its state read again under the lock, so the client's confirmation or problem
 * arriving at the same moment wins or loses as a whole: exactly one outcome. Answers the counts.
 */
export async function sweepCompletions(ctx: SweepContext, now: Date) {
  let warned = 0;
  const due = await doneSaidBefore(
    ctx.db,
    new Date(now.getTime() - AUTO_COMPLETE_AFTER_MS + AUTO_COMPLETE_WARNING_MS),
    true,
    BATCH,
  );
  for (const { workRequestId, stepId } of due) {
    const told = await ctx.db.transaction(async (tx) => {
      const locked = await readRequestRow(tx, workRequestId, 'update');
      if (!locked || locked.facts.status !== 'DONE' || !locked.facts.acceptedProviderId) {
        return false;
      }
      const done = await latestDoneOf(tx, workRequestId);
      if (done?.id !== stepId || !(await markWarned(tx, stepId, now))) return false;
      await ctx.events.publish(tx, 'request.completion_due', {
        workRequestId,
        clientId: locked.facts.clientId,
        providerId: locked.facts.acceptedProviderId,
        title: locked.request.title,
        autoCompletesAt: autoCompletesAt(done.createdAt).toISOString(),
      });
      return true;
    });
    if (told) warned += 1;
  }

  let completed = 0;
  const ripe = await doneSaidBefore(
    ctx.db,
    new Date(now.getTime() - AUTO_COMPLETE_AFTER_MS),
    false,
    BATCH,
  );
  for (const { workRequestId, stepId } of ripe) {
    const done = await ctx.db.transaction(async (tx) => {
      const locked = await readRequestRow(tx, workRequestId, 'update');
      if (!locked || !locked.facts.acceptedProviderId) return undefined;
      const to = nextRequestStatus(locked.facts.status, 'auto_complete');
      if (!to || (await latestDoneOf(tx, workRequestId))?.id !== stepId) return undefined;
      await setRequestStatus(tx, workRequestId, to);
      await ctx.events.publish(tx, 'request.completed', {
        workRequestId,
        clientId: locked.facts.clientId,
        providerId: locked.facts.acceptedProviderId,
        title: locked.request.title,
        by: 'auto',
      });
      return locked.facts.clientId;
    });
    if (!done) continue;
    completed += 1;
    await ctx.writeAudit({
      action: 'request.auto_complete',
      outcome: 'success',
      actorType: 'system',
      targetType: 'work_request',
      targetUserId: done,
      message: `request ${workRequestId}: DONE → COMPLETED, 7 days after the provider's "done"`,
    });
  }
  return { warned, completed };
}

/** The sweep runs every 15 minutes, on whichever instance takes the job. */
export async function scheduleCompletionSweep(
  queue: JobQueue,
  ctx: SweepContext,
  log: PeriodicLog,
) {
  await schedulePeriodic(
    queue,
    QUEUES.completionSweep,
    '*/15 * * * *',
    async () => {
      const { warned, completed } = await sweepCompletions(ctx, new Date());
      return warned + completed > 0
        ? `job completions: ${warned} warned, ${completed} completed`
        : undefined;
    },
    log,
  );
}
