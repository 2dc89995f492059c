import type { EventBus } from '../../../server/events/bus';
import { channelsFor } from './preferences.service';
import { hasSubscription, newestNotificationAbout } from './push.repo';
import type { QueuePush } from './push-queue';

/**
 * Push as a handler of `notification.created` (docs/notifications.md "Push"): a notification its
 * reader wants on their devices is queued in the transaction that wrote it, so nothing is pushed
 * for a change that rolled back. Most people have no device subscribed: for them, no job at all.
 */
export function registerPushHandlers(events: EventBus, queuePush: QueuePush) {
  events.on('notification.created', async (tx, { payload }) => {
    if (!payload.push) return;
    if (!(await hasSubscription(tx, payload.userId))) return;
    await queuePush(tx, { notificationId: payload.notificationId, userId: payload.userId });
  });

  // The day's daily leads at 7:00: one push (of the newest of them, which the inbox holds
  // with the rest), as the provider's choice of push for leads says.
  events.on('lead.digest_due', async (tx, { payload }) => {
    if (!(await channelsFor(tx, payload.userId, 'new_lead')).push) return;
    if (!(await hasSubscription(tx, payload.userId))) return;
    const notificationId = await newestNotificationAbout(
      tx,
      payload.userId,
      'new_lead',
      payload.leads.map((lead) => lead.workRequestId),
    );
    if (notificationId !== undefined) {
      await queuePush(tx, { notificationId, userId: payload.userId });
    }
  });
}
