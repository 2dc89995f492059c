import { centsToEuros } from '../../../shared/format';
import type { Actor } from '../../../shared/actor';
import { bidActions, isBidExpired, lineTotalCents, type BidLine } from '../bids.rules';
import type { BidLineView, BidView } from '../bids.schema';
import { isPastBidding, isRequestOwner } from '../requests.rules';
import { badgesFromApprovals } from '../../verifications/verifications.rules';
import type { BidRow, revisionsOf } from './bids.repo';

/** Each line with its total in cents, as the server computed it. */
export const presentLines = (lines: readonly BidLine[]): BidLineView[] =>
  lines.map((line) => ({
    label: line.label,
    kind: line.kind,
    quantity: line.quantity,
    unit: line.unit,
    unit_price_cents: line.unit_price_cents,
    total_cents: lineTotalCents(line),
  }));

/** A bid for one viewer, with what that viewer may do next (bids.rules.ts). */
export function presentBid(
  {
    bid,
    providerName,
    providerApprovals,
    request,
    proposal,
    invited,
  }: BidRow & {
    invited?: boolean;
  },
  viewer: Actor,
  now = new Date(),
): BidView {
  return {
    id: bid.id,
    work_request_id: bid.workRequestId,
    provider_id: bid.providerId,
    amount: centsToEuros(bid.amountCents),
    amount_cents: bid.amountCents,
    description: bid.description,
    lines: presentLines(bid.lines),
    valid_until: bid.validUntil,
    earliest_start: bid.earliestStart,
    expired: isBidExpired(bid.validUntil, now),
    revision: bid.revision,
    revised_at: bid.revisedAt?.toISOString() ?? null,
    price_requested_at: bid.priceRequestedAt?.toISOString() ?? null,
    pending_proposal: proposal
      ? {
          id: proposal.id,
          amount_cents: proposal.amountCents,
          lines: presentLines(proposal.lines),
          note: proposal.note,
          created_at: proposal.createdAt.toISOString(),
        }
      : null,
    status: bid.status,
    created_at: bid.createdAt.toISOString(),
    provider: {
      id: bid.providerId,
      name: providerName,
      badges: badgesFromApprovals(providerApprovals, now),
    },
    work_request: {
      id: request.id,
      title: request.title,
      status: request.status,
      bids_until: request.bidsUntil.toISOString(),
      bids_closed: isPastBidding(request, now),
    },
    allowed_actions: bidActions(viewer, { ...bid, proposalPending: !!proposal }, request, now),
    invited: invited === true && isRequestOwner(viewer, request),
  };
}

type RevisionRow = Awaited<ReturnType<typeof revisionsOf>>[number];

export const presentRevision = (row: RevisionRow) => ({
  revision: row.revision,
  amount_cents: row.amountCents,
  description: row.description,
  lines: presentLines(row.lines),
  valid_until: row.validUntil,
  earliest_start: row.earliestStart,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});
