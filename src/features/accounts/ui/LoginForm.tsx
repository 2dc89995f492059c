import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../../client/api/client';
import { ErrorSummary, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { usePublicConfig } from '../../../client/usePublicConfig';
import { loginBody } from '../accounts.schema';
import type { AuthMode } from './auth-modes';
import { GoogleButton } from './GoogleButton';
import { useSession, type SessionUser } from './session';
import { useReenable } from './useReenable';

export function LoginForm({
  email,
  onEmail,
  onMode,
}: {
  email: string;
  onEmail: (email: string) => void;
  onMode: (mode: AuthMode, notice?: string) => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { notify } = useNotify();
  const { setUser } = useSession();
  const reenable = useReenable();
  const config = usePublicConfig();
  const form = useForm({ email, password: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(loginBody);
    if (!input) return;
    setBusy(true);
    try {
      const { user } = await api<{ user: SessionUser }>('/auth/login', {
        method: 'POST',
        body: input,
      });
      setUser(user);
      notify('success', t('login.success', { name: user.name }));
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_verification_required') {
        onEmail(input.email);
        onMode('verification-required', t('verification.notice'));
      } else if (error instanceof ApiError && error.code === 'account_disabled_by_self') {
        await reenable();
      } else {
        form.fail(error, 'login_failed');
      }
    } finally {
      setBusy(false);
    }
  };

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
        <button type="submit" className="btn-brand w-full" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      {config.data?.googleEnabled && <GoogleButton />}
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
