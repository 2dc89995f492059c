import { useEffect, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorSummary, Notice, TextField } from '../../../client/components/ui/form';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { resetPasswordForm } from '../accounts.schema';
import { usePasswordResetToken, useResetPassword } from './accounts.api';
import { ForgotPasswordForm } from './EmailOnlyForms';

/** Spec accounts §9: after a reset the person is taken to login after 2 seconds. */
const REDIRECT_MS = 2000;

function ResetForm({ token, name, email }: { token: string; name: string; email: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { notify } = useNotify();
  const reset = useResetPassword();
  const form = useForm({ password: '', confirm: '' }, { write: reset, failKey: 'reset_failed' });
  const done = reset.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/auth'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Spec accounts §5: this form alone says 'Please fill in all fields' for an empty one.
    const extra: Record<string, string> =
      !form.values.password || !form.values.confirm ? { password: 'fill_all_fields' } : {};
    const input = form.check(resetPasswordForm, extra);
    if (!input) return;
    reset.mutate(
      { token, newPassword: input.password },
      { onSuccess: () => notify('success', t('reset.success')) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">{t('reset.greeting', { name, email })}</p>
      {done && <Notice tone="success">{t('reset.redirecting')}</Notice>}
      <ErrorSummary messages={form.messages} />
      <TextField
        type="password"
        autoComplete="new-password"
        label={t('fields.newPassword')}
        hint={t('fields.passwordHint')}
        {...form.field('password')}
      />
      <TextField
        type="password"
        autoComplete="new-password"
        label={t('fields.confirmPassword')}
        {...form.field('confirm')}
      />
      <button type="submit" className="btn-primary w-full" disabled={done || reset.isPending}>
        {t('reset.submit')}
      </button>
    </form>
  );
}

/** /password-reset: ask for a link, or with ?token set a new password (spec accounts §2). */
export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [invalidNotice, setInvalidNotice] = useState(false);
  useDocumentTitle(t('titles.reset'));
  const check = usePasswordResetToken(token);

  let body;
  if (token && check.isPending) body = <PageLoading />;
  else if (token && check.isError) {
    body = (
      <div className="flex flex-col gap-4 text-center">
        <h2 className="text-xl font-semibold">{t('reset.invalidTitle')}</h2>
        <p className="text-stone-700">{t('reset.invalidText')}</p>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setInvalidNotice(true);
            setParams({});
          }}
        >
          {t('reset.requestNew')}
        </button>
      </div>
    );
  } else if (token && check.data) body = <ResetForm token={token} {...check.data} />;
  else {
    body = (
      <>
        {invalidNotice && (
          <div className="mb-4">
            <ErrorSummary messages={[t('reset.invalidToken')]} />
          </div>
        )}
        <ForgotPasswordForm email="" />
      </>
    );
  }

  return (
    <div className="container-page flex justify-center py-10">
      <section className="card w-full max-w-md p-6 sm:p-8" aria-labelledby="reset-title">
        <h1 id="reset-title" className="text-2xl font-bold">
          {t('titles.reset')}
        </h1>
        <div className="mt-6">{body}</div>
        <p className="mt-6 text-center text-sm">
          <Link to="/auth" className="font-medium text-brand-700 underline">
            {t('backToLogin')}
          </Link>
        </p>
      </section>
    </div>
  );
}
