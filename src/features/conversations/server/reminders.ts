import type { ServerContext } from '../../../server/context';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { schedulePeriodic, type PeriodicLog } from '../../../server/jobs/periodic';
import { isHireOf, readOnlyReason } from '../conversations.rules';
import { findThread, threadFacts } from './conversations.repo';
import { dueMessages, markReminded } from './reminders.repo';

/** A message unread this long is told by push, or else by mail (docs/conversations.md). */
export const REMINDER_AFTER_MS = 10 * 60_000;
const BATCH = 500;

/**
 * One sweep of unread messages: every message written before `now` − 10 minutes that its reader
 * has not read is told of once, the newest of each thread to each reader standing for the others
 * (`message.unread`: the notifications feature pushes or mails it). A read message, a blocked
 * thread or a disabled reader is told of nothing. Answers how many were told of.
 */
export async function remindUnread(ctx: Pick<ServerContext, 'db' | 'events'>, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const due = await dueMessages(tx, new Date(now.getTime() - REMINDER_AFTER_MS), BATCH);
    // The newest unread message of each thread for each of its two readers (oldest first, so
    // a later one replaces an earlier one).
    const newestUnread = new Map<string, (typeof due)[number]>();
    for (const message of due) {
      if (!message.read) newestUnread.set(`${message.conversationId}:${message.senderId}`, message);
    }
    let told = 0;
    for (const message of newestUnread.values()) {
      const row = await findThread(tx, message.conversationId);
      if (!row) continue;
      const recipientId =
        message.senderId === row.thread.clientId ? row.thread.providerId : row.thread.clientId;
      const facts = threadFacts(row, recipientId);
      const reason = readOnlyReason(facts);
      if (reason === 'blocked' || reason === 'account_disabled') continue;
      const fromClient = message.senderId === row.thread.clientId;
      await ctx.events.publish(tx, 'message.unread', {
        messageId: message.id,
        conversationId: row.thread.id,
        recipientId,
        workRequestId: row.thread.workRequestId,
        title: row.thread.requestTitle,
        senderName: fromClient ? (isHireOf(facts) ? row.clientName : null) : row.providerName,
        text: message.body,
      });
      told += 1;
    }
    await markReminded(
      tx,
      due.map((message) => message.id),
    );
    return told;
  });
}

/** The sweep runs every minute, on whichever instance takes the job. */
export async function scheduleMessageReminders(
  queue: JobQueue,
  ctx: Pick<ServerContext, 'db' | 'events'>,
  log: PeriodicLog,
) {
  await schedulePeriodic(
    queue,
    QUEUES.messageReminders,
    '* * * * *',
    async () => {
      const told = await remindUnread(ctx, new Date());
      return told > 0 ? `message reminders: ${told}` : undefined;
    },
    log,
  );
}
