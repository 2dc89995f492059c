import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../client/components/ui/form';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { RETURN_PARAM, returnPathOr } from '../../../shared/return-path';
import { authModeOf, type AuthMode } from './auth-modes';
import { ForgotPasswordForm, VerificationRequired } from './EmailOnlyForms';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** /auth?mode=…: sign in, register as client or provider, forgotten password, verification needed. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const mode = authModeOf(params.get('mode'));
  // Where the person was going (`?next=…`): kept through every mode, checked before it is used.
  const returnTo = returnPathOr(params.get(RETURN_PARAM));
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  useDocumentTitle(t(`titles.${mode}`));

  const go = (target: AuthMode, message?: string) => {
    setNotice(message);
    const query: Record<string, string> = target === 'login' ? {} : { mode: target };
    if (returnTo !== '/') query[RETURN_PARAM] = returnTo;
    setParams(query);
  };

  return (
    <div className="container-page flex justify-center py-10">
      <section className="card relative w-full max-w-md p-6 sm:p-8" aria-labelledby="auth-title">
        <Link
          to="/"
          className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
          aria-label={t('close')}
        >
          <X aria-hidden="true" className="size-5" />
        </Link>
        <h1 id="auth-title" className="pr-10 text-2xl font-bold">
          {t(`titles.${mode}`)}
        </h1>
        {notice && (
          <div className="mt-4">
            <Notice>{notice}</Notice>
          </div>
        )}
        <div className="mt-6">
          {mode === 'login' && (
            <LoginForm email={email} onEmail={setEmail} onMode={go} returnTo={returnTo} />
          )}
          {mode === 'register-client' && (
            <RegisterForm
              key="client"
              accountRole="client"
              email={email}
              onEmail={setEmail}
              onMode={go}
              returnTo={returnTo}
            />
          )}
          {mode === 'register-provider' && (
            <RegisterForm
              key="provider"
              accountRole="provider"
              email={email}
              onEmail={setEmail}
              onMode={go}
              returnTo={returnTo}
            />
          )}
          {mode === 'forgot-password' && (
            <ForgotPasswordForm email={email} onBack={() => go('login')} />
          )}
          {mode === 'verification-required' && <VerificationRequired email={email} onMode={go} />}
        </div>
      </section>
    </div>
  );
}
