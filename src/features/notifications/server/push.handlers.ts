import type { EventBus } from '../../../server/events/bus';
import { hasSubscription } from './push.repo';
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
}
