import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { WorkPhotosResponse } from '../work-photos.schema';
import { providerKeys } from './providers.api';

export type WorkPhoto = CamelCased<WorkPhotosResponse>['workPhotos'][number];
type Answer = { workPhotos: WorkPhoto[] };

/** The signed-in provider's own photos, as their profile tab edits them. */
export const ownWorkPhotosKey = [...providerKeys.all, 'me', 'work-photos'] as const;

export function useOwnWorkPhotos() {
  return useQuery({
    queryKey: ownWorkPhotosKey,
    queryFn: ({ signal }) => api<Answer>('/providers/me/work-photos', { signal }),
  });
}

/**
 * Every change answers the photos as they now stand: they replace the tab's list at once, and the
 * provider's public page (which shows them) is fetched again.
 */
function useWorkPhotosChange<Input>(providerId: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(ownWorkPhotosKey, answer);
      return queryClient.invalidateQueries({ queryKey: providerKeys.detail(providerId) });
    },
  });
}

export const useAddWorkPhoto = (providerId: string) =>
  useWorkPhotosChange(providerId, (form: FormData) =>
    api<Answer>('/providers/me/work-photos', { method: 'POST', body: form }),
  );

export const useCaptionWorkPhoto = (providerId: string) =>
  useWorkPhotosChange(providerId, ({ id, caption }: { id: string; caption: string }) =>
    api<Answer>(`/providers/me/work-photos/${id}`, { method: 'PATCH', body: { caption } }),
  );

export const useOrderWorkPhotos = (providerId: string) =>
  useWorkPhotosChange(providerId, (ids: string[]) =>
    api<Answer>('/providers/me/work-photos/order', { method: 'PUT', body: { ids } }),
  );

export const useRemoveWorkPhoto = (providerId: string) =>
  useWorkPhotosChange(providerId, (id: string) =>
    api<Answer>(`/providers/me/work-photos/${id}`, { method: 'DELETE' }),
  );
