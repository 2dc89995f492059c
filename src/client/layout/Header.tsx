import { LogOut, Menu } from 'lucide-react';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { useSignOut as useSignOutMutation } from '../../features/accounts/ui/accounts.api';
import { useSession } from '../../features/accounts/ui/session';
import { ApiIndicator } from './ApiIndicator';
import { LanguageSelector } from './LanguageSelector';
import { lazyNamed } from '../lazy';
import { navItemsFor } from './nav-items';
import { useNotify } from './Notifications';
import { NotificationBell } from '../../features/notifications/ui/NotificationBell';
import { MessagesLink } from '../../features/conversations/ui/MessagesLink';
import { jobsForMePath } from '../../features/providers/jobs-for-me';

/** The phone menu's code loads when it is first opened. */
const MobileMenu = lazyNamed(() => import('./MobileMenu'), 'MobileMenu');

const navLinkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100'}`;

/** An item whose link carries a query (e.g. /auth?mode=register-client) is current only with that query. */
function useIsCurrent() {
  const location = useLocation();
  return (to: string, pathMatches: boolean) => {
    const query = to.split('?')[1];
    return (
      pathMatches &&
      (query ? location.search === `?${query}` : location.search === '' || !to.startsWith('/auth'))
    );
  };
}

/** Signing out waits at most this long for push to end on this browser. */
const PUSH_END_WAIT_MS = 3_000;

/**
 * Signs out; whatever the server answers, this browser forgets the session (spec accounts §4).
 * Push on this browser ends first, while the session can still say so: a shared computer must
 * not keep showing the last person's notifications.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const signOut = useSignOutMutation();
  const { notify } = useNotify();
  const navigate = useNavigate();
  return () => {
    const pushEnded = import('../../features/notifications/ui/push-device')
      .then(({ endPushHere }) => endPushHere())
      .catch(() => undefined);
    const atMostAWhile = new Promise((resolve) => window.setTimeout(resolve, PUSH_END_WAIT_MS));
    void Promise.race([pushEnded, atMostAWhile]).then(() =>
      signOut.mutate(undefined, {
        onSettled: () => {
          notify('success', t('nav.loggedOut'));
          navigate('/');
        },
      }),
    );
  };
}

export function Header() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const items = navItemsFor(user?.role, jobsForMePath(user?.providerProfile));
  const isCurrent = useIsCurrent();

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          {PRODUCT_NAME}
        </Link>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 lg:flex">
            <nav aria-label={t('nav.main')} className="flex items-center gap-1">
              {items.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `${navLinkClass(isCurrent(item.to, isActive))}${item.wide ? ' hidden xl:block' : ''}`
                  }
                >
                  {t(item.label)}
                </NavLink>
              ))}
              {user && (
                <button
                  type="button"
                  onClick={signOut}
                  className="flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  {t('nav.logout')}
                </button>
              )}
            </nav>
            <LanguageSelector id="language-desktop" />
            <ApiIndicator />
          </div>
          {/* Clients and providers talk about requests; administrators have no threads. */}
          {(user?.role === 'client' || user?.role === 'provider') && <MessagesLink />}
          {user && <NotificationBell />}
          <button
            type="button"
            className="btn-secondary size-11 p-0 lg:hidden"
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu items={items} onClose={closeMenu} onSignOut={user ? signOut : undefined} />
        </Suspense>
      )}
    </header>
  );
}
