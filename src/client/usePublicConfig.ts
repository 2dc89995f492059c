import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';

export interface PublicConfig {
  supportEmail: string;
  googleEnabled: boolean;
  /** The AI trust summary of a provider can be generated (the server has a model key). */
  trustSummaryEnabled: boolean;
}

/** Settings of the server the browser may know (GET /api/config). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api<PublicConfig>('/config'),
    staleTime: Infinity,
  });
}
