import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { useSession } from './session';

/** Shown while the signed-in person's email is not verified, with a way to get the link again. */
export function VerificationBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [state, setState] = useState<'idle' | 'sent' | 'failed'>('idle');
  if (!user || user.emailVerified) return null;
  const resend = async () => {
    try {
      await api('/auth/resend-verification', { method: 'POST', body: { email: user.email } });
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-amber-900">
        <p>
          {state === 'sent'
            ? t('verifyBanner.sent')
            : state === 'failed'
              ? t('verifyBanner.failed')
              : t('verifyBanner.text')}
        </p>
        {state !== 'sent' && (
          <button type="button" className="btn-secondary min-h-9 py-1" onClick={resend}>
            {t('verifyBanner.resend')}
          </button>
        )}
      </div>
    </div>
  );
}
