import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { LIMITS } from '../../../shared/limits';
import type { WorkRequestList } from '../requests.schema';

/** The first page of open requests for the home page (spec core §2 Home: 6, newest first). */
export function useLatestRequests() {
  return useQuery({
    queryKey: ['work-requests', 'latest'],
    queryFn: ({ signal }) =>
      api<CamelCased<WorkRequestList>>(`/work-requests?page=1&limit=${LIMITS.homeLatestRequests}`, {
        signal,
      }),
    retry: 1,
  });
}
