import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, Notice, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { emailBody } from '../accounts.schema';
import { useRequestPasswordReset, useResendVerification } from './accounts.api';
import type { AuthMode } from './auth-modes';

type EmailAction = ReturnType<typeof useRequestPasswordReset>;

/** A form that only asks for an email address and sends it with one mutation. */
function EmailActionForm({
  email,
  intro,
  submitLabel,
  action,
  failKey,
  onDone,
  children,
}: {
  email: string;
  intro: string;
  submitLabel: string;
  action: EmailAction;
  failKey: string;
  onDone?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const form = useForm({ email }, { write: action, failKey });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(emailBody);
    if (input) action.mutate(input, { onSuccess: () => onDone?.() });
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
      <button type="submit" className="btn-primary w-full" disabled={action.isPending}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Forgot password: always the same answer, whether or not the address has an account. */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack?: () => void }) {
  const { t } = useTranslation('auth');
  const requestReset = useRequestPasswordReset();
  return (
    <div className="flex flex-col gap-4">
      <EmailActionForm
        email={email}
        intro={t('forgot.intro')}
        submitLabel={t('forgot.submit')}
        action={requestReset}
        failKey="reset_request_failed"
      >
        {requestReset.isSuccess && <Notice tone="success">{t('forgot.sent')}</Notice>}
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
  const resend = useResendVerification();
  return (
    <div className="flex flex-col gap-4">
      <EmailActionForm
        email={email}
        intro={t('verification.intro')}
        submitLabel={t('verification.resend')}
        action={resend}
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
