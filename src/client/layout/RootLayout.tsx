import { Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet, useLocation } from 'react-router';
import { ScrollToTop } from './ScrollToTop';
import { CookieNotice } from './CookieNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { NotificationArea } from './Notifications';
import { PageDescription } from './PageDescription';
import { PageReady } from './PageReady';
import { VerificationBanner } from '../../features/accounts/ui/VerificationBanner';
import { LiveUpdates } from '../../features/notifications/ui/LiveUpdates';
import { PageLoading } from '../components/ui/PageLoading';
import { RouteErrorBoundary } from '../pages/RouteErrorBoundary';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      {/* Notices sit under the header, in its sticky block: they take room, never cover the page. */}
      <div className="sticky top-0 z-30">
        <Header />
        <NotificationArea />
      </div>
      <CookieNotice />
      <VerificationBanner />
      {/* At least a screen tall: the footer never shows, then jumps away, while a page loads. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        {/* A page failed: the error page inside the layout, header and footer still there. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <PageDescription />
      <ScrollToTop />
      <LiveUpdates />
    </div>
  );
}
