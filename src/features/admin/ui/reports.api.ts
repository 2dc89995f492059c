import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type {
  REPORT_STATUSES,
  reportDetailResponse,
  reportResponseForAdmin,
  reportsResponse,
} from '../../conversations/conversations.schema';
import { adminKeys, useAdminSetStatus } from './admin.api';

export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type AdminReports = CamelCased<z.infer<typeof reportsResponse>>;
export type AdminReport = AdminReports['reports'][number];
export type AdminReportDetail = CamelCased<z.infer<typeof reportDetailResponse>>;

/** Reports of conversations, under the console's key (switching tabs forgets them). */
export const reportKeys = {
  all: () => [...adminKeys.all, 'reports'] as const,
  list: (status: ReportStatus, page: number) =>
    [...reportKeys.all(), 'list', status, page] as const,
  detail: (id: string) => [...reportKeys.all(), 'detail', id] as const,
};

export function useAdminReports(status: ReportStatus, page: number) {
  return useQuery({
    queryKey: reportKeys.list(status, page),
    queryFn: ({ signal }) =>
      api<AdminReports>(`/admin/reports?${new URLSearchParams({ status, page: String(page) })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/**
 * A report with the reported messages. The server writes an audit entry for every look, so it
 * is asked once per opening (never again in the background) and not retried.
 */
export function useAdminReport(id: string) {
  return useQuery({
    queryKey: reportKeys.detail(id),
    queryFn: ({ signal }) => api<AdminReportDetail>(`/admin/reports/${id}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** After a report changes: the lists of reports, and the audit trail (the action is audited). */
function useReportsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...reportKeys.all(), 'list'] }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audits(), refetchType: 'none' }),
    ]);
}

/** Closes a report: the open report on screen shows it at once, and the lists refresh. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  const changed = useReportsChanged();
  return useMutation({
    mutationFn: (id: string) =>
      api<CamelCased<z.infer<typeof reportResponseForAdmin>>>(`/admin/reports/${id}/close`, {
        method: 'PATCH',
      }),
    onSuccess: ({ report }) => {
      queryClient.setQueryData<AdminReportDetail>(
        reportKeys.detail(report.id),
        (detail) => detail && { ...detail, report },
      );
      return changed();
    },
  });
}

/**
 * Disables the reported person's account through the console's user-status route (the same
 * mutation as the Clients and Providers tabs): their status in the report on screen changes at
 * once, and the lists of reports refresh with it.
 */
export function useDisableReported() {
  const queryClient = useQueryClient();
  const setStatus = useAdminSetStatus();
  const changed = useReportsChanged();
  return useMutation({
    mutationFn: async ({ reportId, person }: { reportId: string; person: ReportPerson }) => {
      await setStatus.mutateAsync({ role: person.role, id: person.id, status: 'disabled' });
      return reportId;
    },
    onSuccess: (reportId) => {
      queryClient.setQueryData<AdminReportDetail>(reportKeys.detail(reportId), (detail) =>
        detail?.report.reported
          ? {
              ...detail,
              report: {
                ...detail.report,
                reported: { ...detail.report.reported, accountStatus: 'disabled' },
              },
            }
          : detail,
      );
      return changed();
    },
  });
}

export type ReportPerson = NonNullable<AdminReport['reported']>;
