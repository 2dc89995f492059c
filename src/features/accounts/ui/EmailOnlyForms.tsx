import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { ErrorSummary, Notice, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { emailBody } from '../accounts.schema';
import type { AuthMode } from './auth-modes';

/** Forgot password: always the same answer, whether or not the address has an account. */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack?: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm({ email });
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(emailBody);
    if (!input) return;
    setBusy(true);
    try {
      await api('/password-reset/request-reset', { method: 'POST', body: input });
      setSent(true);
    } catch (error) {
      form.fail(error, 'reset_request_failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">{t('forgot.intro')}</p>
      {sent && <Notice tone="success">{t('forgot.sent')}</Notice>}
      <ErrorSummary messages={form.messages} />
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={t('fields.email')}
        value={form.values.email}
        onChange={(event) => form.set('email', event.target.value)}
        error={form.fieldError('email')}
      />
      <button type="submit" className="btn-brand w-full" disabled={busy}>
        {t('forgot.submit')}
      </button>
      {onBack && (
        <button
          type="button"
          className="self-center text-sm font-medium text-brand-700 underline"
          onClick={onBack}
        >
          {t('backToLogin')}
        </button>
      )}
    </form>
  );
}

/** After registration, or a sign-in before verifying: send the link again, then back to login. */
export function VerificationRequired({
  email,
  onMode,
}: {
  email: string;
  onMode: (mode: AuthMode, notice?: string) => void;
}) {
  const { t } = useTranslation('auth');
  const { notify } = useNotify();
  const form = useForm({ email });
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(emailBody);
    if (!input) return;
    setBusy(true);
    try {
      await api('/auth/resend-verification', { method: 'POST', body: input });
      notify('success', t('verification.resent'));
      onMode('login');
    } catch (error) {
      form.fail(error, 'resend_failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">{t('verification.intro')}</p>
      <ErrorSummary messages={form.messages} />
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={t('fields.email')}
        value={form.values.email}
        onChange={(event) => form.set('email', event.target.value)}
        error={form.fieldError('email')}
      />
      <button type="submit" className="btn-brand w-full" disabled={busy}>
        {t('verification.resend')}
      </button>
      <button
        type="button"
        className="self-center text-sm font-medium text-brand-700 underline"
        onClick={() => onMode('login')}
      >
        {t('backToLogin')}
      </button>
    </form>
  );
}
