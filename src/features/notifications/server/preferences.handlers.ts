import type { EventBus } from '../../../server/events/bus';
import { followBidEmails } from './preferences.service';

/**
 * The old single switch of bid mail (`PUT /api/users/notifications`, the accounts feature) sets
 * every mail about bids at once in the choices per type (docs/notifications.md "Preferences").
 */
export function registerPreferenceHandlers(events: EventBus) {
  events.on('account.bid_emails_changed', async (tx, { payload }) => {
    await followBidEmails(tx, payload.userId, payload.bidEmails);
  });
}
