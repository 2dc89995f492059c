import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useNotify } from '../../../client/layout/Notifications';
import { RETURN_PARAM, returnPathOr, signInPathFor } from '../../../shared/return-path';
import { useCompleteGoogleRegistration } from './accounts.api';
import { RoleDialog } from './RoleDialog';
import { SecondFactorForm } from './SecondFactorForm';
import { useSession } from './session';
import { useReenable } from './useReenable';

/** Spec accounts §9: re-check after 500 ms; give up after 10 s. */
const RECHECK_MS = 500;
const TIMEOUT_MS = 10_000;
const PENDING_TOKEN = 'pendingGoogleToken';
const PENDING_EMAIL = 'pendingGoogleEmail';

/** /auth/callback: where the server sends the browser back from Google (spec accounts §4). */
export function GoogleCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const { refresh } = useSession();
  const ran = useRef(false);
  const timeoutRef = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timeoutRef.current), []);
  // A new Google account waiting for its role: read once from the URL the server sent us to.
  const [pending] = useState<{ token: string; email: string } | undefined>(() => {
    const token = params.get('pendingToken');
    const email = params.get('email');
    return params.get('needsRole') === 'true' && token && email ? { token, email } : undefined;
  });
  // The page the sign-in started from, read once: the URL is cleared below for a new person.
  const [returnTo] = useState(() => returnPathOr(params.get(RETURN_PARAM)));
  const signInPage = signInPathFor(returnTo);
  const reenable = useReenable(returnTo);
  // Google vouched for the person, and the account's authenticator code is still owed.
  const [owesCode, setOwesCode] = useState(() => params.get('secondFactor') === 'true');
  const completeRegistration = useCompleteGoogleRegistration();
  useDocumentTitle(t('titles.callback'));

  useEffect(() => {
    if (ran.current) return; // single-run guard
    ran.current = true;
    let settled = false;
    const fail = (key = 'google.failed') => {
      settled = true;
      notify('error', t(key));
      navigate(signInPage, { replace: true });
    };
    timeoutRef.current = window.setTimeout(() => !settled && fail(), TIMEOUT_MS);

    const error = params.get('error');
    const token = params.get('token');
    const needsRole = params.get('needsRole') === 'true';
    const email = params.get('email');
    const pendingToken = params.get('pendingToken');

    if (error === 'account_disabled_by_self') {
      settled = true;
      void reenable().then((done) => {
        if (done === 'second_factor') setOwesCode(true);
        else if (!done) navigate(signInPage, { replace: true });
      });
    } else if (params.get('secondFactor') === 'true') {
      settled = true; // the code form is on the page already
    } else if (error) {
      fail(error === 'account_disabled' ? 'google.disabled' : 'google.failed');
    } else if (token) {
      window.setTimeout(async () => {
        const user = await refresh().catch(() => undefined);
        if (settled) return;
        settled = true;
        navigate(user ? returnTo : '/', { replace: true });
        const greeting = params.get('firstSignIn') === 'true' ? 'login.welcome' : 'login.success';
        if (user) notify('success', t(greeting, { name: user.name }));
        else notify('error', t('google.failed'));
      }, RECHECK_MS);
    } else if (needsRole && email && pendingToken) {
      settled = true;
      sessionStorage.setItem(PENDING_TOKEN, pendingToken);
      sessionStorage.setItem(PENDING_EMAIL, email);
      navigate('/auth/callback', { replace: true });
    } else {
      fail();
    }
  }, [params, navigate, notify, refresh, reenable, t, returnTo, signInPage]);

  const forget = () => {
    sessionStorage.removeItem(PENDING_TOKEN);
    sessionStorage.removeItem(PENDING_EMAIL);
  };

  const choose = (role: 'client' | 'provider') => {
    if (!pending) return;
    completeRegistration.mutate(
      { token: pending.token, role },
      {
        onSuccess: ({ user }) => {
          notify('success', t('google.registered', { name: user.name }));
          navigate(returnTo, { replace: true });
        },
        onError: () => {
          notify('error', t('google.failed'));
          navigate(signInPage, { replace: true });
        },
        onSettled: forget,
      },
    );
  };

  if (owesCode) {
    return (
      <div className="container-page flex min-h-96 justify-center py-10">
        <div className="card w-full max-w-md p-6">
          <SecondFactorForm
            returnTo={returnTo}
            onRestart={() => navigate(signInPage, { replace: true })}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="container-page flex min-h-96 flex-col items-center justify-center gap-4 text-center">
      <Spinner label={t('google.processing')} />
      <p className="text-stone-700">{t('google.processing')}</p>
      {pending && (
        <RoleDialog
          email={pending.email}
          busy={completeRegistration.isPending}
          onChoose={choose}
          onCancel={() => {
            forget();
            navigate(signInPage, { replace: true });
          }}
        />
      )}
    </div>
  );
}
