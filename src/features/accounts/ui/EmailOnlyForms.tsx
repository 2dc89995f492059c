import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { ErrorSummary, Notice, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { emailBody } from '../accounts.schema';
import type { AuthMode } from './auth-modes';

/** A form that only asks for an email address and posts it to one endpoint. */
function EmailActionForm({
  email,
  intro,
  submitLabel,
  endpoint,
  failKey,
  onDone,
  children,
}: {
  email: string;
  intro: string;
  submitLabel: string;
  endpoint: string;
  failKey: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const form = useForm({ email });
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(emailBody);
    if (!input) return;
    setBusy(true);
    try {
      await api(endpoint, { method: 'POST', body: input });
      onDone();
    } catch (error) {
      form.fail(error, failKey);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">{intro}</p>
      {children}
      <ErrorSummary messages={form.messages} />
      <TextField
        {...form.field('email')}
        type="email"
        autoComplete="email"
        label={t('fields.email')}
      />
      <button type="submit" className="btn-brand w-full" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Forgot password: always the same answer, whether or not the address has an account. */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack?: () => void }) {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <EmailActionForm
        email={email}
        intro={t('forgot.intro')}
        submitLabel={t('forgot.submit')}
        endpoint="/password-reset/request-reset"
        failKey="reset_request_failed"
        onDone={() => setSent(true)}
      >
        {sent && <Notice tone="success">{t('forgot.sent')}</Notice>}
      </EmailActionForm>
      {onBack && (
        <button
          type="button"
          className="self-center text-sm font-medium text-brand-700 underline"
          onClick={onBack}
        >
          {t('backToLogin')}
        </button>
      )}
    </div>
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
  return (
    <div className="flex flex-col gap-4">
      <EmailActionForm
        email={email}
        intro={t('verification.intro')}
        submitLabel={t('verification.resend')}
        endpoint="/auth/resend-verification"
        failKey="resend_failed"
        onDone={() => {
          notify('success', t('verification.resent'));
          onMode('login');
        }}
      />
      <button
        type="button"
        className="self-center text-sm font-medium text-brand-700 underline"
        onClick={() => onMode('login')}
      >
        {t('backToLogin')}
      </button>
    </div>
  );
}
