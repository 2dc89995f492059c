import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { LIMITS } from '../../../shared/limits';
import { requestKeys } from '../../requests/ui/requests.api';
import type {
  AdminUserType,
  adminClientEdit,
  adminProviderEdit,
  adminRequestsResponse,
  adminUserResponse,
  adminUsersResponse,
  alertsResponse,
  auditsResponse,
  metricsResponse,
} from '../admin.schema';

export type AdminRequests = CamelCased<z.infer<typeof adminRequestsResponse>>;
export type AdminRequestRow = AdminRequests['workRequests'][number];
export type AdminUsers = CamelCased<z.infer<typeof adminUsersResponse>>;
export type AdminUserRow = AdminUsers['users'][number];
export type AdminAudits = CamelCased<z.infer<typeof auditsResponse>>;
export type AdminAudit = AdminAudits['audits'][number];
export type AdminAlerts = CamelCased<z.infer<typeof alertsResponse>>;
export type AdminMetrics = CamelCased<z.infer<typeof metricsResponse>>;

/** Filters of one list as the wire names them; empty values are left out of the address. */
export type Filters = Record<string, string | undefined>;

export interface RequestFilters {
  query?: string | undefined;
  status?: string | undefined;
  category?: string | undefined;
}
export interface UserFilters {
  search?: string | undefined;
  account_status?: string | undefined;
}
export interface AuditFilters {
  request_id?: string | undefined;
  action?: string | undefined;
  actor_id?: string | undefined;
  actor_type?: string | undefined;
}
export interface AlertFilters {
  type?: string | undefined;
}

/**
 * Cache keys of the administration console, broad to narrow. Everything an administrator
 * changes refreshes `lists()` of its own kind; the console's data lives nowhere else.
 */
export const adminKeys = {
  all: ['admin'] as const,
  requests: () => [...adminKeys.all, 'requests'] as const,
  requestList: (filters: RequestFilters, page: number) =>
    [...adminKeys.requests(), 'list', filters, page] as const,
  users: (role: AdminUserType) => [...adminKeys.all, 'users', role] as const,
  userList: (role: AdminUserType, filters: UserFilters, page: number) =>
    [...adminKeys.users(role), 'list', filters, page] as const,
  user: (role: AdminUserType, id: string) => [...adminKeys.users(role), 'detail', id] as const,
  audits: () => [...adminKeys.all, 'audits'] as const,
  auditList: (filters: AuditFilters, page: number) =>
    [...adminKeys.audits(), 'list', filters, page] as const,
  alerts: () => [...adminKeys.all, 'alerts'] as const,
  alertList: (filters: AlertFilters, page: number) =>
    [...adminKeys.alerts(), 'list', filters, page] as const,
  metrics: () => [...adminKeys.all, 'metrics'] as const,
};

export function queryString(filters: object, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (typeof value === 'string' && value.trim() !== '') search.set(key, value.trim());
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
}

const listOptions = { placeholderData: keepPreviousData, retry: 1 } as const;
/** Every list of the dashboard, alerts too, pages by the console's page size (spec accounts §7, §9). */
const pageQuery = (page: number) => ({ page: String(page), limit: String(LIMITS.adminPageSize) });

/** One page of a filtered list; the page on screen stays while the next one loads. */
function useListPage<T>(
  queryKey: QueryKey,
  path: string,
  filters: object,
  page: number,
  extra: Record<string, string> = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api<T>(`${path}?${queryString(filters, { ...extra, ...pageQuery(page) })}`, { signal }),
    ...listOptions,
  });
}

export function useAdminRequests(filters: RequestFilters, page: number) {
  return useListPage<AdminRequests>(
    adminKeys.requestList(filters, page),
    '/work-requests/admin/all',
    filters,
    page,
  );
}

export function useAdminUsers(role: AdminUserType, filters: UserFilters, page: number) {
  return useListPage<AdminUsers>(
    adminKeys.userList(role, filters, page),
    '/admin/users',
    filters,
    page,
    { user_type: role },
  );
}

/** One user as the edit dialog shows them, fresh from the server. */
export function useAdminUser(role: AdminUserType, id: string) {
  return useQuery({
    queryKey: adminKeys.user(role, id),
    queryFn: ({ signal }) =>
      api<CamelCased<z.infer<typeof adminUserResponse>>>(`/admin/users/${role}/${id}`, { signal }),
    retry: false,
  });
}

export function useAdminAudits(filters: AuditFilters, page: number) {
  return useListPage<AdminAudits>(
    adminKeys.auditList(filters, page),
    '/admin/audits',
    filters,
    page,
  );
}

export function useAdminAlerts(filters: AlertFilters, page: number) {
  return useListPage<AdminAlerts>(
    adminKeys.alertList(filters, page),
    '/admin/alerts',
    filters,
    page,
  );
}

/** The counters and the last hour, refreshed every 30 seconds while the alerts tab is open. */
export function useAdminMetrics() {
  return useQuery({
    queryKey: adminKeys.metrics(),
    queryFn: ({ signal }) => api<AdminMetrics>('/admin/metrics', { signal }),
    refetchInterval: 30_000,
    retry: 1,
  });
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** Deletes any request (administrators may in every state): the admin list and the public lists refresh. */
export function useAdminDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/work-requests/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: requestKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: adminKeys.requests() });
    },
  });
}

interface UserTarget {
  role: AdminUserType;
  id: string;
}

const userPath = ({ role, id }: UserTarget) => `/admin/users/${role}/${id}`;

/** After a change to a user: their rows and the audit trail (every admin action writes one). */
function useUserChanged() {
  const queryClient = useQueryClient();
  return (role: AdminUserType) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users(role) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audits(), refetchType: 'none' }),
    ]);
}

export type ClientEditBody = z.infer<typeof adminClientEdit>;
export type ProviderEditBody = z.infer<typeof adminProviderEdit>;

export function useAdminUpdateUser() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ body, ...target }: UserTarget & { body: ClientEditBody | ProviderEditBody }) =>
      api<CamelCased<z.infer<typeof adminUserResponse>>>(userPath(target), {
        method: 'PUT',
        body,
      }),
    onSuccess: (_answer, { role }) => changed(role),
  });
}

export function useAdminSetStatus() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ status, ...target }: UserTarget & { status: 'active' | 'disabled' }) =>
      api(`${userPath(target)}/status`, { method: 'PATCH', body: { account_status: status } }),
    onSuccess: (_answer, { role }) => changed(role),
  });
}

export function useAdminUnlock() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (target: UserTarget) => api(`${userPath(target)}/unlock`, { method: 'POST' }),
    onSuccess: (_answer, { role }) => changed(role),
  });
}

export function useAdminDeleteUser() {
  const queryClient = useQueryClient();
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ reason, ...target }: UserTarget & { reason: string }) =>
      api(userPath(target), { method: 'DELETE', body: { reason } }),
    onSuccess: (_answer, { role }) => {
      // Their requests and bids went with them.
      void queryClient.invalidateQueries({ queryKey: adminKeys.requests() });
      void queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
      return changed(role);
    },
  });
}

/**
 * Downloads the audit trail with the list's filters as audits.csv or audits.ndjson. Fetched
 * as a file (not JSON) so the button can show that the export runs and a failure can be told.
 */
export function useExportAudits() {
  return useMutation({
    mutationFn: async ({
      filters,
      format,
    }: {
      filters: AuditFilters;
      format: 'csv' | 'ndjson';
    }) => {
      const response = await fetch(`/api/admin/audits/export?${queryString(filters, { format })}`, {
        credentials: 'same-origin',
        headers: { 'X-Request-Id': crypto.randomUUID() },
      });
      if (!response.ok) {
        const payload = (await response.json().catch(() => ({}))) as {
          error?: string;
          message?: string;
        };
        throw new ApiError(
          response.status,
          payload.error ?? 'http_error',
          payload.message ?? response.statusText,
          response.headers.get('X-Request-Id') ?? undefined,
        );
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `audits.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
