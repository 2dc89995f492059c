import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { RETRY_DELAY_MS, retryRead } from './api/client';
import { ConfirmProvider } from './layout/ConfirmDialog';
import { NotificationsProvider } from './layout/Notifications';
import { SessionProvider } from '../features/accounts/ui/session';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retryRead,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
}

/**
 * Everything around the routes, the same in the browser and in the server's render
 * (src/server/render/page-entry.tsx), so that a server-rendered page hydrates without a difference.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <NotificationsProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </NotificationsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
