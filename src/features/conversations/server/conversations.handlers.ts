import type { EventBus } from '../../../server/events/bus';
import { setBidWithdrawn } from './conversations.repo';

/**
 * What conversations learn from bids, in the bid's transaction: a provider who withdraws their bid
 * leaves their thread read-only; bidding again opens it again (docs/conversations.md).
 */
export function registerConversationHandlers(events: EventBus) {
  events.on('bid.withdrawn', async (tx, { payload }) => {
    await setBidWithdrawn(tx, payload.workRequestId, payload.providerId, true);
  });
  events.on('bid.placed', async (tx, { payload }) => {
    await setBidWithdrawn(tx, payload.workRequestId, payload.providerId, false);
  });
}
