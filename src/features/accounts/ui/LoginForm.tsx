import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { ErrorSummary, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { usePublicConfig } from '../../../client/usePublicConfig';
import { loginBody } from '../accounts.schema';
import type { AuthMode } from './auth-modes';
import { needsSecondFactor, useLogin } from './accounts.api';
import { GoogleButton } from './GoogleButton';
import { SecondFactorForm } from './SecondFactorForm';
import { useReenable } from './useReenable';

/** Refusals that lead elsewhere (another mode, a dialog) instead of into the summary box. */
const HANDLED_ELSEWHERE = new Set(['email_verification_required', 'account_disabled_by_self']);

export function LoginForm({
  email,
  onEmail,
  onMode,
  returnTo,
}: {
  email: string;
  onEmail: (email: string) => void;
  onMode: (mode: AuthMode, notice?: string) => void;
  /** The page to open once signed in (already checked by safeReturnPath). */
  returnTo: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { notify } = useNotify();
  const reenable = useReenable(returnTo);
  const config = usePublicConfig();
  const login = useLogin();
  // Two-factor sign-in: the password was right, and the account's code is still owed.
  const [owesCode, setOwesCode] = useState(false);
  const form = useForm(
    { email, password: '' },
    {
      write: login,
      failKey: 'login_failed',
      failText: (text, error) =>
        error instanceof ApiError && HANDLED_ELSEWHERE.has(error.code) ? undefined : text,
    },
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(loginBody);
    if (!input) return;
    login.mutate(input, {
      onSuccess: (answer) => {
        if (needsSecondFactor(answer)) {
          setOwesCode(true);
          return;
        }
        const greeting = answer.firstSignIn ? 'login.welcome' : 'login.success';
        notify('success', t(greeting, { name: answer.user.name }));
        navigate(returnTo);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.code === 'email_verification_required') {
          onEmail(input.email);
          onMode('verification-required', t('verification.notice'));
        } else if (error.code === 'account_disabled_by_self') {
          void reenable().then((done) => done === 'second_factor' && setOwesCode(true));
        }
      },
    });
  };

  if (owesCode) {
    return (
      <SecondFactorForm
        returnTo={returnTo}
        onRestart={() => {
          setOwesCode(false);
          form.set('password', '');
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorSummary messages={form.messages} />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={t('fields.email')}
          value={form.values.email}
          onChange={(event) => {
            form.set('email', event.target.value);
            onEmail(event.target.value);
          }}
          error={form.fieldError('email')}
        />
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('fields.password')}
          {...form.field('password')}
        />
        <button
          type="button"
          className="self-start text-sm font-medium text-brand-700 underline"
          onClick={() => onMode('forgot-password')}
        >
          {t('login.forgot')}
        </button>
        <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      {config.data?.googleEnabled && <GoogleButton returnTo={returnTo} />}
      <div className="flex flex-col gap-2 border-t border-stone-200 pt-4 text-center text-sm text-stone-700">
        <p>{t('login.noAccount')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            className="btn-secondary flex-1"
            onClick={() => onMode('register-client')}
          >
            {t('login.registerClient')}
          </button>
          <button
            type="button"
            className="btn-secondary flex-1"
            onClick={() => onMode('register-provider')}
          >
            {t('login.registerProvider')}
          </button>
        </div>
      </div>
    </div>
  );
}
