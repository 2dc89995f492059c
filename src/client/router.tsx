import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { chunksLoaded } from './chunk-reload';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { HomePage } from '../features/home/ui/HomePage';
import { RequireRole } from '../features/accounts/ui/RequireRole';
import { RequireClientToPost } from '../features/requests/ui/RequireClientToPost';

/**
 * Pages other than home load on demand, inside the layout's Suspense (header and footer stay).
 * A page whose code fails to arrive is caught by the route's error page, which reloads once.
 */
const page = <Name extends string>(
  load: () => Promise<Record<Name, React.ComponentType>>,
  name: Name,
) =>
  lazy(async () => {
    const module = await load();
    chunksLoaded();
    return { default: module[name] };
  });

const PrivacyRoute = page(() => import('../features/legal/ui/PrivacyRoute'), 'PrivacyRoute');
const ContactPage = page(() => import('../features/contact/ui/ContactPage'), 'ContactPage');
const AuthPage = page(() => import('../features/accounts/ui/AuthPage'), 'AuthPage');
const GoogleCallbackPage = page(
  () => import('../features/accounts/ui/GoogleCallbackPage'),
  'GoogleCallbackPage',
);
const PasswordResetPage = page(
  () => import('../features/accounts/ui/PasswordResetPage'),
  'PasswordResetPage',
);
const VerifyEmailPage = page(
  () => import('../features/accounts/ui/VerifyEmailPage'),
  'VerifyEmailPage',
);
const ProfilePage = page(() => import('../features/accounts/ui/ProfilePage'), 'ProfilePage');
const BrowsePage = page(() => import('../features/requests/ui/BrowsePage'), 'BrowsePage');
const CreateRequestPage = page(
  () => import('../features/requests/ui/CreateRequestPage'),
  'CreateRequestPage',
);
const RequestDetailsPage = page(
  () => import('../features/requests/ui/RequestDetailsPage'),
  'RequestDetailsPage',
);
const ProviderPage = page(() => import('../features/providers/ui/ProviderPage'), 'ProviderPage');
const AdminPage = page(() => import('../features/admin/ui/AdminPage'), 'AdminPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/**
 * The pages of the app. Keep in step with PAGE_PATHS in src/shared/routes.ts, which the
 * server uses to answer unknown paths with 404.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // The layout itself failed: the error page alone.
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        // A page failed: the error page inside the layout, header and footer still there.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'privacy', element: <PrivacyRoute /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'auth', element: <AuthPage /> },
          { path: 'auth/callback', element: <GoogleCallbackPage /> },
          { path: 'password-reset', element: <PasswordResetPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          {
            path: 'profile',
            element: (
              <RequireRole>
                <ProfilePage />
              </RequireRole>
            ),
          },
          { path: 'browse', element: <BrowsePage /> },
          {
            path: 'create',
            element: (
              <RequireClientToPost>
                <CreateRequestPage />
              </RequireClientToPost>
            ),
          },
          {
            path: 'request/:id',
            element: (
              <RequireRole>
                <RequestDetailsPage />
              </RequireRole>
            ),
          },
          {
            path: 'provider/:id',
            element: (
              <RequireRole>
                <ProviderPage />
              </RequireRole>
            ),
          },
          {
            path: 'admin',
            element: (
              <RequireRole roles={['administrator']}>
                <AdminPage />
              </RequireRole>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
