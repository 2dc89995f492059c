import type { EventBus } from '../../../server/events/bus';
import type { QueueLeadMatching } from './lead-matching';

/**
 * What the leads feature learns from requests: a request just posted is queued for matching in
 * the posting's transaction, and matched by the queue's worker in a transaction of its own
 * (lead-matching.ts; docs/leads.md "Matching").
 */
export function registerLeadHandlers(events: EventBus, queueLeadMatching: QueueLeadMatching) {
  events.on('request.posted', async (tx, { payload }) => {
    await queueLeadMatching(tx, { workRequestId: payload.workRequestId });
  });
}
