import type { ServerContext } from '../../../server/context';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';
import { dueDailyLeads, markMailed } from './leads.repo';

/** The daily leads go out at 7:00 in Slovakia, whatever the season (docs/leads.md). */
export const DAILY_LEADS_CRON = '0 7 * * *';
export const DAILY_LEADS_TIME_ZONE = 'Europe/Bratislava';
const BATCH = 5_000;

/**
 * One run of the 7:00 job: every daily lead recorded up to `now` and not yet sent is gathered per
 * provider into one `lead.digest_due` (the notifications feature mails it, as the provider's
 * preferences say), and marked sent. A lead whose request is no longer open, or whose provider's
 * account is no longer active, is marked without being sent. Running it twice sends nothing twice: the second run finds nothing unsent.
 * Answers how many providers were told.
 */
export async function sendDailyLeads(ctx: Pick<ServerContext, 'db' | 'events'>, now: Date) {
  let told = 0;
  for (;;) {
    const { providers, more } = await ctx.db.transaction(async (tx) => {
      const due = await dueDailyLeads(tx, now, BATCH);
      // The last provider's leads may go on past a full batch: they wait for the next one, whole
      // (unless they fill the batch alone).
      const full = due.length === BATCH;
      const last = due[due.length - 1]?.userId;
      const deferred = full && due[0]?.userId !== last ? last : undefined;
      const byProvider = new Map<string, typeof due>();
      for (const lead of due) {
        if (lead.userId === deferred) continue;
        byProvider.set(lead.userId, [...(byProvider.get(lead.userId) ?? []), lead]);
      }
      for (const [userId, leads] of byProvider) {
        const listed = leads.filter((lead) => lead.stillListed && lead.providerActive);
        if (listed.length > 0) {
          await ctx.events.publish(tx, 'lead.digest_due', {
            userId,
            leads: listed.map((lead) => ({
              workRequestId: lead.workRequestId,
              title: lead.title,
              category: lead.category,
              placeId: lead.placeId,
            })),
          });
        }
        await markMailed(
          tx,
          userId,
          leads.map((lead) => lead.workRequestId),
          now,
        );
      }
      return {
        providers: [...byProvider.values()].filter((leads) =>
          leads.some((lead) => lead.stillListed && lead.providerActive),
        ).length,
        more: full,
      };
    });
    told += providers;
    if (!more) return told;
  }
}

/** The job runs at 7:00 Europe/Bratislava, on whichever instance takes it. */
export async function scheduleDailyLeads(
  queue: JobQueue,
  ctx: Pick<ServerContext, 'db' | 'events'>,
  log: PeriodicLog,
) {
  await schedulePeriodic(
    queue,
    QUEUES.dailyLeads,
    DAILY_LEADS_CRON,
    async () => {
      const told = await sendDailyLeads(ctx, new Date());
      return told > 0 ? `daily leads: ${told} provider(s)` : undefined;
    },
    log,
    DAILY_LEADS_TIME_ZONE,
  );
}
