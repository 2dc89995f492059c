import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { uploadForm } from '../../../client/api/upload';
import { LIMITS } from '../../../shared/limits';
import type { RequestListParams } from '../browse-address';
import type {
  LocationSuggestions,
  myWorkRequests,
  WorkRequestDetail,
  WorkRequestList,
} from '../requests.schema';

export type RequestDetail = CamelCased<WorkRequestDetail>;
export type RequestList = CamelCased<WorkRequestList>;
type MyRequests = CamelCased<z.infer<typeof myWorkRequests>>;
export type MyRequest = MyRequests['workRequests'][number];

export type { RequestListParams };

/**
 * Cache keys of work requests, broad to narrow: invalidating a key refreshes everything under it.
 * A request's bids live under its detail key (bids.api.ts), so they go wherever the request goes.
 */
export const requestKeys = {
  all: ['work-requests'] as const,
  /** Every page of the public list of open requests (browse, search, home). */
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (params: RequestListParams) => [...requestKeys.lists(), params] as const,
  /** Home's newest open requests: the first page of the public list (spec core §2 Home: 6). */
  latest: () => requestKeys.list({ page: 1, limit: LIMITS.homeLatestRequests }),
  detail: (id: string) => [...requestKeys.all, 'detail', id] as const,
  /** The signed-in client's own requests ("My requests"). */
  mine: () => [...requestKeys.all, 'mine'] as const,
  /** Towns of open requests offered for a typed prefix. */
  locations: (prefix: string) => [...requestKeys.all, 'locations', prefix] as const,
};

const listPath = (params: RequestListParams) => {
  const { q, category, location, near, radiusKm, sort, page, limit } = params;
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) query.set('q', q);
  if (category) query.set('category', category);
  if (location) query.set('location', location);
  if (near !== undefined) query.set('near', String(near));
  if (radiusKm !== undefined) query.set('radius_km', String(radiusKm));
  if (sort) query.set('sort', sort);
  return `/work-requests?${query.toString()}`;
};

/** A page of open requests; the previous page stays on screen while the next one loads. */
export function useRequestList(params: RequestListParams) {
  return useQuery({
    queryKey: requestKeys.list(params),
    queryFn: ({ signal }) => api<RequestList>(listPath(params), { signal }),
    placeholderData: (previous) => previous,
  });
}

/** Towns of open requests starting with `prefix` (accents ignored); kept a minute, like the server's. */
export function useLocationSuggestions(prefix: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: requestKeys.locations(prefix),
    queryFn: ({ signal }) =>
      api<LocationSuggestions>(`/work-requests/locations?${new URLSearchParams({ prefix })}`, {
        signal,
      }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

export function useLatestRequests() {
  return useQuery({
    queryKey: requestKeys.latest(),
    queryFn: ({ signal }) =>
      api<RequestList>(listPath({ page: 1, limit: LIMITS.homeLatestRequests }), { signal }),
    retry: 1,
  });
}

export function useRequestDetail(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: requestKeys.detail(id),
    queryFn: async () => {
      const answer = await api<{ workRequest: RequestDetail }>(`/work-requests/${id}`);
      // The client opening the page has now seen its bids (the server noted it): none is new.
      if (answer.workRequest.isOwner) {
        queryClient.setQueryData<MyRequests>(
          requestKeys.mine(),
          (old) =>
            old && {
              workRequests: old.workRequests.map((request) =>
                request.id === id ? { ...request, newBidCount: 0 } : request,
              ),
            },
        );
      }
      return answer;
    },
    retry: false,
  });
}

export function useMyRequests() {
  return useQuery({
    queryKey: requestKeys.mine(),
    queryFn: () => api<MyRequests>('/work-requests/my'),
  });
}

/** Posts a request with its files; `onProgress` reports the bytes sent (spec core §2 Create). */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      onProgress,
    }: {
      body: FormData;
      onProgress: (sent: number, total: number) => void;
    }) => uploadForm<{ workRequest: RequestDetail }>('/work-requests', body, onProgress),
    // The new request is on its page, in My requests and first on Home at once; the lists are
    // then fetched again in the background to agree with the server.
    onSuccess: ({ workRequest }) => {
      queryClient.setQueryData(requestKeys.detail(workRequest.id), { workRequest });
      const { attachments, allowedActions, ...request } = workRequest;
      // Its preview's address comes with the lists fetched again below.
      const card = {
        ...request,
        bidCount: 0,
        thumbnailUrl: null,
        distanceKm: null,
        placeName: request.place?.name ?? null,
      };
      queryClient.setQueryData<MyRequests>(
        requestKeys.mine(),
        (old) =>
          old && {
            workRequests: [
              { ...card, attachmentCount: attachments.length, newBidCount: 0, allowedActions },
              ...old.workRequests,
            ],
          },
      );
      queryClient.setQueryData<RequestList>(
        requestKeys.latest(),
        (old) =>
          old && {
            ...old,
            workRequests: [card, ...old.workRequests].slice(0, LIMITS.homeLatestRequests),
          },
      );
      void queryClient.invalidateQueries({ queryKey: requestKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
    },
  });
}

/** Deletes a request with its files and bids (the owner while open; an administrator always). */
export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/work-requests/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      // The request's own page may still be on screen until the caller moves on, and a query
      // removed under it would be fetched again only to meet a 404. So entries nobody shows are
      // forgotten now; those on screen are only marked stale, so a later visit asks the server.
      queryClient.removeQueries({ queryKey: requestKeys.detail(id), type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey: requestKeys.detail(id), refetchType: 'none' });
      queryClient.setQueryData<MyRequests>(
        requestKeys.mine(),
        (old) => old && { workRequests: old.workRequests.filter((request) => request.id !== id) },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
      ]);
    },
  });
}

/**
 * The client closes a hired job as done, or withdraws an open request (its pending bids are
 * rejected). The answer is the request as it now is; the lists it leaves or changes refresh.
 */
export function useChangeRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: 'complete' | 'cancel' }) =>
      api<{ workRequest: RequestDetail }>(`/work-requests/${id}/${change}`, { method: 'PATCH' }),
    onSuccess: ({ workRequest }, { change }) => {
      queryClient.setQueryData(requestKeys.detail(workRequest.id), { workRequest });
      return Promise.all([
        // Cancelling also rejects the pending bids, which live under the request's key.
        change === 'cancel' &&
          queryClient.invalidateQueries({ queryKey: requestKeys.detail(workRequest.id) }),
        change === 'cancel' && queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: requestKeys.mine() }),
      ]);
    },
  });
}

/**
 * The client's one extension of the time for bids (1 to 14 days): an expired request opens
 * again, so the public lists may gain it.
 */
export function useExtendBidding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      api<{ workRequest: RequestDetail }>(`/work-requests/${id}/extend`, {
        method: 'PATCH',
        body: { days },
      }),
    onSuccess: ({ workRequest }) => {
      queryClient.setQueryData(requestKeys.detail(workRequest.id), { workRequest });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: requestKeys.mine() }),
      ]);
    },
  });
}
