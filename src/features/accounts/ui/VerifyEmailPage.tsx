import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Notice } from '../../../client/components/ui/form';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { RETURN_PARAM, signInPathFor } from '../../../shared/return-path';
import { useEmailVerification, useResendVerification } from './accounts.api';

/**
 * /verify-email?token&email: loading, success, already verified (the link opened again), expired,
 * error, or a link missing its parts.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  // The page the person was going to when they registered: sign-in leads back to it.
  const signInPage = signInPathFor(params.get(RETURN_PARAM) ?? undefined);
  useDocumentTitle(t('titles.verify'));
  const verification = useEmailVerification(token, email);
  const resend = useResendVerification();

  const expired =
    verification.error instanceof ApiError && verification.error.code === 'token_expired';
  let icon = <Clock aria-hidden="true" className="size-10 text-amber-600" />;
  let title = t('verify.expiredTitle');
  let text = t('verify.expiredText');
  if (!token || !email) {
    icon = <CircleX aria-hidden="true" className="size-10 text-red-700" />;
    title = t('verify.errorTitle');
    text = t('verify.missing');
  } else if (verification.isPending) {
    return <PageLoading />;
  } else if (verification.isSuccess) {
    // Opened again: the account was verified by this link (or otherwise) before.
    const already = verification.data.alreadyVerified;
    icon = <CircleCheck aria-hidden="true" className="size-10 text-emerald-700" />;
    title = t(already ? 'verify.alreadyTitle' : 'verify.successTitle');
    text = t(already ? 'verify.alreadyText' : 'verify.successText');
  } else if (!expired) {
    icon = <CircleX aria-hidden="true" className="size-10 text-red-700" />;
    title = t('verify.errorTitle');
    text = errorText(verification.error);
  }

  return (
    <div className="container-page flex justify-center py-10">
      <section className="card flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-stone-700">{text}</p>
        {resend.isSuccess && <Notice tone="success">{t('verification.resent')}</Notice>}
        {resend.isError && <Notice tone="warning">{t('verify.resendFailed')}</Notice>}
        {verification.isSuccess ? (
          <Link to={signInPage} className="btn-primary">
            {t('verify.toLogin')}
          </Link>
        ) : !token || !email ? (
          // A link cut short: the ways on are signing in, asking for a new link, or going home.
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={signInPage} className="btn-primary">
              {t('verify.toLogin')}
            </Link>
            <Link to="/auth?mode=verification-required" className="btn-secondary">
              {t('verify.requestNew')}
            </Link>
            <Link to="/" className="btn-secondary">
              {t('verify.home')}
            </Link>
          </div>
        ) : (
          email && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => resend.mutate({ email })}
              disabled={resend.isSuccess || resend.isPending}
            >
              {t('verification.resend')}
            </button>
          )
        )}
      </section>
    </div>
  );
}
