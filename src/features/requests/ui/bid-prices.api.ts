import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { BidLine } from '../bids.rules';
import type { revisionView } from '../bids.schema';
import type { z } from 'zod';
import { bidKeys, type Bid } from './bids.api';
import { requestKeys } from './requests.api';

export type BidRevision = CamelCased<z.infer<typeof revisionView>>;

/** A price as the forms send it: lines (their total is the price) or an amount in euros. */
export interface PriceInput {
  amount?: number | undefined;
  lines: BidLine[];
}

/** A bid's versions, oldest first: fetched when its history is opened. */
export function useBidRevisions(bidId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...bidKeys.all, 'revisions', bidId],
    enabled,
    queryFn: () => api<{ revisions: BidRevision[] }>(`/bids/${bidId}/revisions`),
  });
}

/** A change to a bid's price refreshes its request (with its bids) and the bid's history. */
function useRefreshPrice() {
  const queryClient = useQueryClient();
  return ({ bid }: { bid: Bid }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestKeys.detail(bid.workRequestId) }),
      queryClient.invalidateQueries({ queryKey: [...bidKeys.all, 'revisions', bid.id] }),
      queryClient.invalidateQueries({ queryKey: bidKeys.ofProvider(bid.providerId) }),
    ]);
}

/** The client asks the provider of an expired bid for a new price. */
export function useRequestPrice() {
  const onSuccess = useRefreshPrice();
  return useMutation({
    mutationFn: (bid: Bid) =>
      api<{ bid: Bid }>(`/bids/${bid.id}/price-request`, { method: 'POST' }),
    onSuccess,
  });
}

/** After the hire the provider proposes a new price, with why. */
export function useProposePrice(bidId: string) {
  const onSuccess = useRefreshPrice();
  return useMutation({
    mutationFn: (input: PriceInput & { note: string }) =>
      api<{ bid: Bid }>(`/bids/${bidId}/price-proposal`, { method: 'POST', body: input }),
    onSuccess,
  });
}

/** The client accepts or declines the waiting proposal. */
export function useAnswerProposal() {
  const onSuccess = useRefreshPrice();
  return useMutation({
    mutationFn: ({ bid, answer }: { bid: Bid; answer: 'accept' | 'decline' }) =>
      api<{ bid: Bid }>(`/bids/${bid.id}/price-proposal`, { method: 'PATCH', body: { answer } }),
    onSuccess,
  });
}
