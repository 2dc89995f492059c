import { useContext, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { ServerConsentContext } from './cookie-consent';
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS, consentCookieSet } from '../../shared/cookie-consent';

const CONSENT_KEY = 'cookie_consent';

function storedConsent(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

function rememberInCookie() {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=accepted; Max-Age=${CONSENT_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The cookie notice, a band under the header in the page's flow: it pushes the page down instead
 * of lying over it, and scrolls away with it. The answer is remembered in local storage (spec
 * core §1) and in a cookie, so a server-rendered page already leaves the notice out.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const fromServer = useContext(ServerConsentContext);
  // The first render reads what the server read (the cookie), so hydrating changes nothing.
  const [accepted, setAccepted] = useState(() => fromServer ?? consentCookieSet(document.cookie));

  // An answer given before the cookie existed is in local storage only: copy it over once.
  useEffect(() => {
    if (!accepted && storedConsent()) {
      rememberInCookie();
      // Local storage is the browser's alone: read after hydration, never during it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setAccepted(true);
    }
  }, [accepted]);

  if (accepted) return null;

  const accept = () => {
    try {
      localStorage.setItem(CONSENT_KEY, 'accepted');
    } catch {
      // Private mode without storage: hide the notice for this visit.
    }
    rememberInCookie();
    setAccepted(true);
  };

  return (
    <section aria-label={t('cookies.label')} className="border-b border-stone-200 bg-stone-50 py-3">
      <div className="container-page flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700">
          {t('cookies.text')}{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            {t('cookies.more')}
          </Link>
        </p>
        <button type="button" className="btn-secondary shrink-0" onClick={accept}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
