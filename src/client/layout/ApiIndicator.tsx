import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react';
import { api } from '../api/client';

type ApiState = 'online' | 'offline' | 'connecting';

const DOT: Record<ApiState, string> = {
  online: 'bg-emerald-600',
  offline: 'bg-red-600',
  connecting: 'bg-amber-500',
};

/**
 * Online / offline / connecting, from GET /api/health (spec core §2). Shown only when something is
 * wrong: while the API answers, the live region stays in place but empty, so nobody reads a
 * reassurance and a screen reader still hears the moment it goes offline.
 */
export function ApiIndicator() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => api<{ status: string }>('/health', { signal }),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? 5_000 : 30_000),
    refetchOnWindowFocus: true,
  });
  const state: ApiState = health.isPending ? 'connecting' : health.isSuccess ? 'online' : 'offline';
  if (state !== 'offline' && health.failureCount === 0)
    return <span role="status" data-api-state={state} className="sr-only" />;
  return (
    <span
      role="status"
      data-api-state={state}
      className="inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-2.5 py-1 text-xs font-medium text-stone-700"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${DOT[state]}`} />
      {t(`api.${state}`)}
    </span>
  );
}
