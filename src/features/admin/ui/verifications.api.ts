import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type {
  AdminDocumentDetail,
  AdminVerifications,
} from '../../verifications/verifications.schema';
import type { RejectionReason } from '../../verifications/verifications.rules';
import { adminKeys } from './admin.api';

export type AdminVerificationList = CamelCased<AdminVerifications>;
export type AdminVerificationRow = AdminVerificationList['documents'][number];
export type AdminVerification = CamelCased<AdminDocumentDetail>;

/** Documents waiting for a check, under the console's key (switching tabs forgets them). */
export const verificationAdminKeys = {
  all: () => [...adminKeys.all, 'verifications'] as const,
  list: (page: number) => [...verificationAdminKeys.all(), 'list', page] as const,
  detail: (id: string) => [...verificationAdminKeys.all(), 'detail', id] as const,
};

export function useAdminVerifications(page: number) {
  return useQuery({
    queryKey: verificationAdminKeys.list(page),
    queryFn: ({ signal }) =>
      api<AdminVerificationList>(`/admin/verifications?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** One document; the server audits every look, so it is asked once per opening and not retried. */
export function useAdminVerification(id: string) {
  return useQuery({
    queryKey: verificationAdminKeys.detail(id),
    queryFn: ({ signal }) => api<AdminVerification>(`/admin/verifications/${id}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export type VerificationDecision =
  | { id: string; approve: true; expiresOn: string }
  | { id: string; approve: false; reason: RejectionReason; note: string };

/** Approves (until a date) or rejects (with a reason): the dialog shows it, the queue refreshes. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: VerificationDecision) =>
      decision.approve
        ? api<AdminVerification>(`/admin/verifications/${decision.id}/approve`, {
            method: 'POST',
            body: { expiresOn: decision.expiresOn },
          })
        : api<AdminVerification>(`/admin/verifications/${decision.id}/reject`, {
            method: 'POST',
            body: { reason: decision.reason, note: decision.note },
          }),
    onSuccess: (detail, { id }) => {
      queryClient.setQueryData(verificationAdminKeys.detail(id), detail);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...verificationAdminKeys.all(), 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audits(), refetchType: 'none' }),
      ]);
    },
  });
}
