import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { PublicProvider } from '../providers.schema';

export type Provider = CamelCased<PublicProvider>;

/** Cache keys of providers; a provider's reviews live under its key (reviews.api.ts). */
export const providerKeys = {
  all: ['providers'] as const,
  detail: (id: string) => [...providerKeys.all, id] as const,
};

/** A provider as the viewer may see them (contact only where the server allows); no id, no call. */
export function useProvider(id: string | null | undefined) {
  return useQuery({
    queryKey: providerKeys.detail(id ?? ''),
    queryFn: () => api<{ user: Provider }>(`/providers/${id}`),
    enabled: Boolean(id),
    retry: false,
  });
}
