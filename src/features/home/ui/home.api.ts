import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { HomeStats } from '../home.schema';

export type HomeFigures = CamelCased<HomeStats>;

/** The home page's figures; the server counts them at most once a minute, so keep them as long. */
export function useHomeStats() {
  return useQuery({
    queryKey: ['stats', 'home'] as const,
    queryFn: ({ signal }) => api<HomeFigures>('/stats/home', { signal }),
    staleTime: 60_000,
    retry: 1,
  });
}
