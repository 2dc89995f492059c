import { useTranslation } from '../../../client/i18n/react';
import { useResendVerification } from './accounts.api';
import { useSession } from './session';

/** Shown while the signed-in person's email is not verified, with a way to get the link again. */
export function VerificationBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-amber-900">
        <p>
          {resend.isSuccess
            ? t('verifyBanner.sent')
            : resend.isError
              ? t('verifyBanner.failed')
              : t('verifyBanner.text')}
        </p>
        {!resend.isSuccess && (
          <button
            type="button"
            className="btn-secondary min-h-9 py-1"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email: user.email })}
          >
            {t('verifyBanner.resend')}
          </button>
        )}
      </div>
    </div>
  );
}
