import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { Challenge } from '../challenge.schema';

export const challengeKeys = { current: () => ['challenge'] as const };

/** The server's maths question; each answers once, so it is never kept after the form goes. */
export function useChallengeQuery() {
  return useQuery({
    queryKey: challengeKeys.current(),
    queryFn: () => api<Challenge>('/challenge'),
    staleTime: 9 * 60 * 1000,
    gcTime: 0,
  });
}
