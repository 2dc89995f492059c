import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { providerKeys } from '../../providers/ui/providers.api';
import { requestKeys } from '../../requests/ui/requests.api';
import type { clientRatingResponse, reviewsResponse } from '../reviews.schema';

type ReviewPage = CamelCased<z.infer<typeof reviewsResponse>>;

export const REVIEWS_PAGE_SIZE = 10;

/** A provider's reviews live under the provider's key: a new review refreshes both at once. */
export const reviewKeys = {
  ofProvider: (providerId: string) => [...providerKeys.detail(providerId), 'reviews'] as const,
  page: (providerId: string, page: number) => [...reviewKeys.ofProvider(providerId), page] as const,
};

export function useProviderReviews(providerId: string, page: number) {
  return useQuery({
    queryKey: reviewKeys.page(providerId, page),
    queryFn: () =>
      api<ReviewPage>(`/providers/${providerId}/reviews?page=${page}&limit=${REVIEWS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export interface ReviewInput {
  workRequestId: string;
  rating: number;
  comment?: string | undefined;
  anonymous: boolean;
}

/**
 * The client reviews the provider hired for a request: the provider (rating, count, the jobs
 * still to review) with their reviews, and the request (its `review` action) are fetched again.
 */
export function useSubmitReview(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api(`/providers/${providerId}/reviews`, { method: 'POST', body: input }),
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.detail(providerId) }),
        queryClient.invalidateQueries({
          queryKey: requestKeys.detail(input.workRequestId),
          exact: true,
        }),
      ]),
  });
}

type ClientRating = CamelCased<z.infer<typeof clientRatingResponse>>;

/** A client's rating hangs under the request it is shown on: refreshing the request refreshes it. */
export const clientRatingKey = (workRequestId: string) =>
  [...requestKeys.detail(workRequestId), 'client-rating'] as const;

/**
 * The rating of a request's client, for providers and administrators (`canSeeClientRating`);
 * nobody else asks. Shared by the request's page and its bid form (one call).
 */
export function useClientRating(workRequestId: string, enabled: boolean) {
  return useQuery({
    queryKey: clientRatingKey(workRequestId),
    queryFn: () => api<ClientRating>(`/work-requests/${workRequestId}/client-rating`),
    enabled,
  });
}

/** The hired provider reviews the client: the figure and its `review_client` action are fetched again. */
export function useReviewClient(workRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment?: string | undefined }) =>
      api(`/work-requests/${workRequestId}/client-review`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientRatingKey(workRequestId) }),
  });
}

/** The provider answers a review of themselves, or edits the answer: their reviews are fetched again. */
export function useAnswerReview(providerId: string, reviewId: string, editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string }) =>
      api(`/reviews/${reviewId}/answer`, { method: editing ? 'PUT' : 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.ofProvider(providerId) }),
  });
}
