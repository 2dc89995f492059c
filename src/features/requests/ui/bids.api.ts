import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { providerKeys } from '../../providers/ui/providers.api';
import { requestKeys } from './requests.api';
import type { BidLine } from '../bids.rules';
import type { BidView } from '../bids.schema';

export type Bid = CamelCased<BidView>;

/**
 * Cache keys of bids. A request's bids sit under the request's own key, so whatever refreshes
 * or forgets the request (accepting, cancelling, deleting) does the same to its bids.
 */
export const bidKeys = {
  all: ['bids'] as const,
  ofRequest: (requestId: string) => [...requestKeys.detail(requestId), 'bids'] as const,
  /** A provider's own bids ("My bids"). */
  ofProvider: (providerId: string) => [...bidKeys.all, 'provider', providerId] as const,
};

/** The bids of a request the viewer may see: all for its client and administrators, else their own. */
export function useRequestBids(requestId: string, enabled = true) {
  return useQuery({
    queryKey: bidKeys.ofRequest(requestId),
    enabled,
    queryFn: () => api<{ bids: Bid[] }>(`/bids/work-request/${requestId}`),
    retry: false,
  });
}

export function useProviderBids(providerId: string) {
  return useQuery({
    queryKey: bidKeys.ofProvider(providerId),
    queryFn: () => api<{ bids: Bid[] }>(`/bids/provider/${providerId}`),
  });
}

/** A bid as sent: priced lines (their total is the price) or an amount in euros. */
export interface BidInput {
  amount?: number | undefined;
  description: string;
  lines: BidLine[];
  valid_until: string | null;
  earliest_start: string | null;
}

/**
 * After a bid changes, the request it is on (its `place_bid` action and its bids) and the
 * bidder's own list are fetched again; the mutation stays pending until they are on screen.
 */
function useRefreshAfterBid() {
  const queryClient = useQueryClient();
  return ({ bid }: { bid: Bid }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestKeys.detail(bid.workRequestId) }),
      queryClient.invalidateQueries({ queryKey: bidKeys.ofProvider(bid.providerId) }),
    ]);
}

export function usePlaceBid(workRequestId: string) {
  const onSuccess = useRefreshAfterBid();
  return useMutation({
    mutationFn: (input: BidInput) =>
      api<{ bid: Bid }>('/bids', { method: 'POST', body: { ...input, workRequestId } }),
    onSuccess,
  });
}

export function useChangeBid(bidId: string) {
  const onSuccess = useRefreshAfterBid();
  return useMutation({
    mutationFn: (input: BidInput) =>
      api<{ bid: Bid }>(`/bids/${bidId}`, { method: 'PUT', body: input }),
    onSuccess,
  });
}

export function useWithdrawBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bid: Bid) => api(`/bids/${bid.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, bid) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(bid.workRequestId) }),
        queryClient.invalidateQueries({ queryKey: bidKeys.ofProvider(bid.providerId) }),
      ]),
  });
}

/**
 * Accepting is final (spec core §4): the request becomes assigned, its other bids are rejected,
 * it leaves the public lists, and the winner's contact becomes visible to the client.
 */
export function useAcceptBid() {
  const queryClient = useQueryClient();
  return useMutation({
    // The revision the client was shown: a revision since is refused (`bid_revised`), not accepted.
    mutationFn: (bid: Bid) =>
      api<{ bid: Bid }>(`/bids/${bid.id}/accept`, {
        method: 'PATCH',
        body: { revision: bid.revision },
      }),
    // Refused (expired, revised meanwhile): the bids are fetched again to show why.
    onError: (_error, bid) =>
      queryClient.invalidateQueries({ queryKey: requestKeys.detail(bid.workRequestId) }),
    onSuccess: ({ bid }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(bid.workRequestId) }),
        queryClient.invalidateQueries({ queryKey: requestKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: providerKeys.detail(bid.providerId) }),
      ]),
  });
}
