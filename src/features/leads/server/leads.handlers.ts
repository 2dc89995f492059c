import type { EventBus } from '../../../server/events/bus';
import { matchLeads } from './leads.service';

/**
 * What the leads feature learns from requests, in the posting's transaction: a request just
 * posted is matched against every alert (docs/leads.md "Matching").
 */
export function registerLeadHandlers(events: EventBus) {
  events.on('request.posted', async (tx, { payload }) => {
    await matchLeads(events, tx, payload.workRequestId);
  });
}
