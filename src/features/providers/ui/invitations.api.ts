import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { FavouritesResponse } from '../favourites.schema';
import type { InvitableRequestsResponse, InvitationResponse } from '../invitations.schema';
import { providerKeys } from './providers.api';

export type InvitableRequests = CamelCased<InvitableRequestsResponse>;
export type InvitableRequest = InvitableRequests['requests'][number];
export type Favourites = CamelCased<FavouritesResponse>;

export const invitationKeys = {
  invitable: (providerId: string) => [...providerKeys.all, providerId, 'invitable'] as const,
  favourites: ['favourites'] as const,
  favouritesPage: (page: number) => ['favourites', page] as const,
};

/** The client's open requests for the dialog, each saying whether it may invite this provider. */
export function useInvitableRequests(providerId: string) {
  return useQuery({
    queryKey: invitationKeys.invitable(providerId),
    queryFn: ({ signal }) =>
      api<InvitableRequests>(`/providers/${providerId}/invitable-requests`, { signal }),
  });
}

/** Invites the provider to bid on one request; the dialog's list is read again. */
export function useInvite(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workRequestId: string) =>
      api<CamelCased<InvitationResponse>>(`/providers/${providerId}/invitations`, {
        method: 'POST',
        body: { workRequestId },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: invitationKeys.invitable(providerId) }),
  });
}

/** A page of the client's favourite providers (My profile). */
export function useFavourites(page: number) {
  return useQuery({
    queryKey: invitationKeys.favouritesPage(page),
    queryFn: ({ signal }) => api<Favourites>(`/me/favourites?page=${page}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Keeps a provider or lets go of them; the provider's page, the directory and the favourites
 * are read again (the heart follows the server).
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, favourite }: { providerId: string; favourite: boolean }) =>
      api<unknown>(`/me/favourites/${providerId}`, { method: favourite ? 'PUT' : 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.all }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.favourites }),
      ]),
  });
}
