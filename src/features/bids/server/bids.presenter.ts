import { centsToEuros } from '../../../shared/format';
import type { BidView } from '../bids.schema';
import type { BidRow } from './bids.repo';

export function presentBid({ bid, providerName, requestTitle }: BidRow): BidView {
  return {
    id: bid.id,
    work_request_id: bid.workRequestId,
    provider_id: bid.providerId,
    amount: centsToEuros(bid.amountCents),
    description: bid.description,
    status: bid.status,
    created_at: bid.createdAt.toISOString(),
    provider: { id: bid.providerId, name: providerName },
    work_request: { id: bid.workRequestId, title: requestTitle },
  };
}
