import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const CONSENT_KEY = 'cookie_consent';

function storedConsent(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

/**
 * The cookie notice, a band under the header in the page's flow: it pushes the page down instead
 * of lying over it, and scrolls away with it. The answer is remembered in local storage (spec
 * core §1).
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(storedConsent);
  if (accepted) return null;

  const accept = () => {
    try {
      localStorage.setItem(CONSENT_KEY, 'accepted');
    } catch {
      // Private mode without storage: hide the notice for this visit.
    }
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
