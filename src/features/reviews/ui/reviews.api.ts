import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { providerKeys } from '../../providers/ui/providers.api';
import { requestKeys } from '../../requests/ui/requests.api';
import type { reviewsResponse } from '../reviews.schema';

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
