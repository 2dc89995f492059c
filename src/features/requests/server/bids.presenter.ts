import { centsToEuros } from '../../../shared/format';
import type { Actor } from '../../../shared/actor';
import { bidActions } from '../bids.rules';
import type { BidView } from '../bids.schema';
import type { BidRow } from './bids.repo';

/** A bid for one viewer, with what that viewer may do next (bids.rules.ts). */
export function presentBid({ bid, providerName, request }: BidRow, viewer: Actor): BidView {
  return {
    id: bid.id,
    work_request_id: bid.workRequestId,
    provider_id: bid.providerId,
    amount: centsToEuros(bid.amountCents),
    description: bid.description,
    status: bid.status,
    created_at: bid.createdAt.toISOString(),
    provider: { id: bid.providerId, name: providerName },
    work_request: { id: request.id, title: request.title },
    allowed_actions: bidActions(viewer, bid, request),
  };
}
