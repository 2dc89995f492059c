import { Route, Routes } from 'react-router';
import { lazyNamed } from './lazy';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';
import { HomePage } from '../features/home/ui/HomePage';
import { RequireRole } from '../features/accounts/ui/RequireRole';
import { RequireClientToPost } from '../features/requests/ui/RequireClientToPost';

/**
 * Pages other than home load on demand, inside the layout's Suspense (header and footer stay).
 * A page whose code fails to arrive is caught by the layout's error boundary, whose page reloads once.
 */
const page = lazyNamed;

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
const NotificationsPage = page(
  () => import('../features/notifications/ui/NotificationsPage'),
  'NotificationsPage',
);
const MessagesPage = page(
  () => import('../features/conversations/ui/MessagesPage'),
  'MessagesPage',
);
const NoThreadChosen = page(
  () => import('../features/conversations/ui/MessagesPage'),
  'NoThreadChosen',
);
const ConversationPage = page(
  () => import('../features/conversations/ui/ConversationPage'),
  'ConversationPage',
);
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
const DirectoryPage = page(() => import('../features/providers/ui/DirectoryPage'), 'DirectoryPage');
const AdminPage = page(() => import('../features/admin/ui/AdminPage'), 'AdminPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/**
 * The pages of the app. Keep in step with PAGE_PATHS in src/shared/routes.ts, which the
 * server uses to answer unknown paths with 404.
 *
 * Declarative routes, not a data router: no page loads data through the router, and the data
 * router's code would add a sixth to the home page's JavaScript. The layout catches a failing
 * page (RouteErrorBoundary), and ScrollToTop does what ScrollRestoration did.
 */
export function AppRoutes() {
  return (
    // The layout itself failed: the error page alone.
    <RouteErrorBoundary standalone>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="privacy" element={<PrivacyRoute />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route path="auth/callback" element={<GoogleCallbackPage />} />
          <Route path="password-reset" element={<PasswordResetPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route
            path="profile"
            element={
              <RequireRole>
                <ProfilePage />
              </RequireRole>
            }
          />
          <Route
            path="notifications"
            element={
              <RequireRole>
                <NotificationsPage />
              </RequireRole>
            }
          />
          {/* The list of threads beside the open one (PAGE_PATHS.messages, .conversation). */}
          <Route
            path="messages"
            element={
              <RequireRole roles={['client', 'provider']}>
                <MessagesPage />
              </RequireRole>
            }
          >
            <Route index element={<NoThreadChosen />} />
            <Route path=":id" element={<ConversationPage />} />
          </Route>
          <Route path="browse" element={<BrowsePage />} />
          <Route
            path="create"
            element={
              <RequireClientToPost>
                <CreateRequestPage />
              </RequireClientToPost>
            }
          />
          <Route
            path="request/:id"
            element={
              <RequireRole>
                <RequestDetailsPage />
              </RequireRole>
            }
          />
          <Route path="providers" element={<DirectoryPage />} />
          <Route
            path="provider/:id"
            element={
              <RequireRole>
                <ProviderPage />
              </RequireRole>
            }
          />
          <Route
            path="admin"
            element={
              <RequireRole roles={['administrator']}>
                <AdminPage />
              </RequireRole>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
