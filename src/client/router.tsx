import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { HomePage } from '../features/home/ui/HomePage';
import { RequireRole } from '../features/accounts/ui/RequireRole';

/**
 * The pages of the app. Keep in step with PAGE_PATHS in src/shared/routes.ts, which the
 * server uses to answer unknown paths with 404. Pages other than home load on demand.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../features/legal/ui/PrivacyRoute')).PrivacyRoute }),
      },
      {
        path: 'contact',
        lazy: async () => ({ Component: (await import('../features/contact/ui/ContactPage')).ContactPage }),
      },
      {
        path: 'auth',
        lazy: async () => ({ Component: (await import('../features/accounts/ui/AuthPage')).AuthPage }),
      },
      {
        path: 'auth/callback',
        lazy: async () => ({
          Component: (await import('../features/accounts/ui/GoogleCallbackPage')).GoogleCallbackPage,
        }),
      },
      {
        path: 'password-reset',
        lazy: async () => ({
          Component: (await import('../features/accounts/ui/PasswordResetPage')).PasswordResetPage,
        }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({ Component: (await import('../features/accounts/ui/VerifyEmailPage')).VerifyEmailPage }),
      },
      {
        path: 'profile',
        lazy: async () => {
          const { ProfilePage } = await import('../features/accounts/ui/ProfilePage');
          return {
            Component: () => (
              <RequireRole>
                <ProfilePage />
              </RequireRole>
            ),
          };
        },
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
]);
