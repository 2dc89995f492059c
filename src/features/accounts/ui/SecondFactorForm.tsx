import { useTranslation } from '../../../client/i18n/react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { ErrorSummary, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { secondFactorBody } from '../two-factor.schema';
import { useSecondFactor } from './accounts.api';

/**
 * The second step of a sign-in (docs/security.md "Two-factor sign-in"): the password or Google
 * was accepted, and the account's authenticator code (or a recovery code) opens the session.
 */
export function SecondFactorForm({
  onRestart,
  returnTo,
}: {
  onRestart: () => void;
  /** The page to open once signed in (already checked by safeReturnPath). */
  returnTo: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const secondFactor = useSecondFactor();
  const form = useForm({ code: '' }, { write: secondFactor, failKey: 'login_failed' });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(secondFactorBody);
    if (!input) return;
    secondFactor.mutate(input, {
      onSuccess: ({ user, firstSignIn }) => {
        notify('success', t(firstSignIn ? 'login.welcome' : 'login.success', { name: user.name }));
        navigate(returnTo);
      },
      onError: (error) => {
        // The step is gone (expired, used, or the account locked): start the sign-in again.
        if (
          error instanceof ApiError &&
          ['second_factor_expired', 'account_locked'].includes(error.code)
        ) {
          notify('error', errorText(error));
          onRestart();
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t('secondFactor.title')}</h2>
      <p className="text-sm text-stone-700">{t('secondFactor.text')}</p>
      <ErrorSummary messages={form.messages} />
      <TextField
        autoComplete="one-time-code"
        inputMode="text"
        label={t('secondFactor.code')}
        hint={t('secondFactor.hint')}
        {...form.field('code')}
      />
      <button type="submit" className="btn-primary w-full" disabled={secondFactor.isPending}>
        {secondFactor.isPending ? t('secondFactor.submitting') : t('secondFactor.submit')}
      </button>
      <button
        type="button"
        className="self-start text-sm font-medium text-brand-700 underline"
        onClick={onRestart}
      >
        {t('secondFactor.back')}
      </button>
    </form>
  );
}
