import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RETRY_DELAY_MS, retryRead } from './api/client';
import { setupI18n } from './i18n/i18n';
import { ConfirmProvider } from './layout/ConfirmDialog';
import { NotificationsProvider } from './layout/Notifications';
import { AppRoutes } from './router';
import { SessionProvider } from '../features/accounts/ui/session';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: retryRead,
      retryDelay: RETRY_DELAY_MS,
    },
  },
});

await setupI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <NotificationsProvider>
          <ConfirmProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ConfirmProvider>
        </NotificationsProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
