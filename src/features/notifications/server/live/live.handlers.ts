import type { EventBus } from '../../../../server/events/bus';
import { signalLive } from './live-signal';

/**
 * Live streams as handlers of the domain events (docs/notifications.md "Live streams"): a new
 * notification goes to its reader; a change to a request or its bids tells everyone whose open
 * page shows it to fetch it again.
 */
export function registerLiveHandlers(events: EventBus) {
  events.on('notification.created', async (tx, { payload }) => {
    await signalLive(tx, {
      to: [payload.userId],
      event: 'notification',
      id: payload.notificationId,
    });
  });

  const requestChanged = (to: string[], workRequestId: string) =>
    ({ to, event: 'changed', kind: 'work_request', id: workRequestId }) as const;

  for (const name of ['bid.placed', 'bid.changed', 'bid.withdrawn'] as const) {
    events.on(name, async (tx, { payload }) => {
      await signalLive(
        tx,
        requestChanged([payload.clientId, payload.providerId], payload.workRequestId),
      );
    });
  }
  events.on('bid.accepted', async (tx, { payload }) => {
    const to = [payload.clientId, payload.providerId, ...payload.rejectedProviderIds];
    await signalLive(tx, requestChanged(to, payload.workRequestId));
  });
  events.on('request.cancelled', async (tx, { payload }) => {
    const to = [payload.clientId, ...payload.rejectedProviderIds];
    await signalLive(tx, requestChanged(to, payload.workRequestId));
  });
  events.on('request.reopened', async (tx, { payload }) => {
    const to = [payload.clientId, ...payload.reopenedProviderIds];
    await signalLive(tx, requestChanged(to, payload.workRequestId));
  });
  events.on('request.completed', async (tx, { payload }) => {
    await signalLive(
      tx,
      requestChanged([payload.clientId, payload.providerId], payload.workRequestId),
    );
  });
  events.on('request.deleted', async (tx, { payload }) => {
    const to = [payload.clientId, ...payload.bidderProviderIds];
    await signalLive(tx, requestChanged(to, payload.workRequestId));
  });
}
