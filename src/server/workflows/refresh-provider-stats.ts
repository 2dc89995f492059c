import { sql, type SQL } from 'drizzle-orm';
import type { ServerContext } from '../context';
import type { Db, Tx } from '../db/types';
import { uuidArray } from '../db/arrays';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../jobs/periodic';
import { users } from '../../features/accounts/server/tables';
import { conversations, messages } from '../../features/conversations/server/tables';
import { answerWindowStart } from '../../features/providers/provider-stats.rules';
import { providerStats } from '../../features/providers/server/tables';
import { bids, workRequests } from '../../features/requests/server/tables';

/**
 * A provider's figures (docs/work-photos.md "Figures"), computed from the data and stored in
 * `provider_stats`: recomputed in the transaction of what changes them (a bid placed, a
 * provider's first message in a thread, a job completed) and once a day for everyone, as the
 * 90-day window slides. A page view only reads them.
 *
 * An answer is a provider's first bid or first message about a request, whichever came first;
 * its time runs from the request's posting. Answers whose moment lies in the last 90 days count.
 */
export async function refreshProviderStats(
  db: Db | Tx,
  providerIds: string[] | 'all',
  now: Date,
): Promise<void> {
  if (providerIds !== 'all' && providerIds.length === 0) return;
  const chosen: SQL =
    providerIds === 'all' ? sql`true` : sql`${users.id} = any(${uuidArray(providerIds)})`;
  const since = answerWindowStart(now).toISOString();
  const at = now.toISOString();
  await db.execute(sql`
    with target as (
      -- Held as a foreign key holds them: an account deleted meanwhile is passed over (its
      -- deletion is waited for), not a failure of everyone's refresh.
      select ${users.id} as id from ${users} where ${users.role} = 'provider' and ${chosen}
      for key share
    ),
    touches as (
      select ${bids.providerId} as provider_id, ${bids.workRequestId} as work_request_id,
        ${bids.createdAt} as at
      from ${bids} join target on target.id = ${bids.providerId}
      union all
      select ${conversations.providerId}, ${conversations.workRequestId}, ${messages.createdAt}
      from ${messages}
      join ${conversations} on ${conversations.id} = ${messages.conversationId}
      join target on target.id = ${messages.senderId}
      where ${conversations.providerId} = ${messages.senderId}
        and ${conversations.workRequestId} is not null
    ),
    first_answers as (
      select provider_id, work_request_id, min(at) as at from touches group by 1, 2
    ),
    answers as (
      select first_answers.provider_id,
        greatest(0, extract(epoch from first_answers.at - ${workRequests.createdAt})) as seconds
      from first_answers join ${workRequests} on ${workRequests.id} = first_answers.work_request_id
      where first_answers.at >= ${since}::timestamptz and first_answers.at <= ${at}::timestamptz
    ),
    figures as (
      select target.id as provider_id,
        (select round(percentile_cont(0.5) within group (order by seconds))::int
          from answers where answers.provider_id = target.id) as median,
        (select count(*)::int from answers where answers.provider_id = target.id) as answered,
        (select count(*)::int from ${bids} join ${workRequests} on ${workRequests.id} = ${bids.workRequestId}
          where ${bids.providerId} = target.id and ${bids.status} = 'ACCEPTED'
            and ${workRequests.acceptedBidId} = ${bids.id} and ${workRequests.status} = 'COMPLETED') as completed
      from target
    )
    insert into ${providerStats} (provider_id, median_answer_seconds, answered_count, completed_jobs, computed_at)
    select provider_id, median, answered, completed, ${at}::timestamptz from figures
    on conflict (provider_id) do update set
      median_answer_seconds = excluded.median_answer_seconds,
      answered_count = excluded.answered_count,
      completed_jobs = excluded.completed_jobs,
      computed_at = excluded.computed_at`);
}

/** Whether this is the sender's first message in the thread, and the sender its provider. */
async function isProvidersFirstMessage(tx: Db | Tx, conversationId: string, senderId: string) {
  const result = await tx.execute<{ first: boolean }>(sql`
    select (select count(*) from ${messages} where ${messages.conversationId} = ${conversationId}
        and ${messages.senderId} = ${senderId}) = 1 as first
    from ${conversations} where ${conversations.id} = ${conversationId}
      and ${conversations.providerId} = ${senderId}`);
  return result.rows[0]?.first === true;
}

/** The changes that move a provider's figures, each in its own transaction (composition root). */
export function registerProviderStatsHandlers(events: EventBus) {
  events.on('bid.placed', (tx, { payload, occurredAt }) =>
    refreshProviderStats(tx, [payload.providerId], occurredAt),
  );
  events.on('message.sent', async (tx, { payload, occurredAt }) => {
    if (await isProvidersFirstMessage(tx, payload.conversationId, payload.senderId)) {
      await refreshProviderStats(tx, [payload.senderId], occurredAt);
    }
  });
  events.on('request.completed', (tx, { payload, occurredAt }) =>
    refreshProviderStats(tx, [payload.providerId], occurredAt),
  );
}

/** 3:30 every night: every provider's figures, so answers older than 90 days leave them. */
export async function scheduleProviderStats(
  queue: JobQueue,
  ctx: Pick<ServerContext, 'db'>,
  log: PeriodicLog,
) {
  await schedulePeriodic(
    queue,
    QUEUES.providerStats,
    '30 3 * * *',
    async () => {
      await refreshProviderStats(ctx.db, 'all', new Date());
      return 'provider figures refreshed';
    },
    log,
  );
}
