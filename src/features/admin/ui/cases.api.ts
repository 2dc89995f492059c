import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { DisputeOutcome } from '../../requests/requests.rules';
import type { CaseDetail, CasesResponse } from '../cases.schema';
import { adminKeys } from './admin.api';

export type AdminCases = CamelCased<CasesResponse>;
export type AdminCase = AdminCases['cases'][number];
export type AdminCaseDetail = CamelCased<CaseDetail>;

/** Disputed jobs, under the console's key (switching tabs forgets them). */
export const caseKeys = {
  all: () => [...adminKeys.all, 'cases'] as const,
  list: (page: number) => [...caseKeys.all(), 'list', page] as const,
  detail: (id: string) => [...caseKeys.all(), 'detail', id] as const,
};

export function useAdminCases(page: number) {
  return useQuery({
    queryKey: caseKeys.list(page),
    queryFn: ({ signal }) => api<AdminCases>(`/admin/cases?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/**
 * One case with both sides' words and their thread. The server audits every look, so it is asked
 * once per opening (never again in the background) and not retried.
 */
export function useAdminCase(id: string) {
  return useQuery({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => api<AdminCaseDetail>(`/admin/cases/${id}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** Decides a case: the case on screen shows the decision, the list and the audit trail refresh. */
export function useDecideCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: DisputeOutcome; note: string }) =>
      api<AdminCaseDetail>(`/admin/cases/${id}/decision`, {
        method: 'POST',
        body: { outcome, note },
      }),
    onSuccess: (detail, { id }) => {
      queryClient.setQueryData(caseKeys.detail(id), detail);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...caseKeys.all(), 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audits(), refetchType: 'none' }),
      ]);
    },
  });
}
