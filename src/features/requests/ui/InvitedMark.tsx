import { MailCheck } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';

/** On a bid the client sees: they invited this provider to bid (docs/invitations.md). */
export function InvitedMark() {
  const { t } = useTranslation('invitations');
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-300"
      title={t('bid.invitedHint')}
    >
      <MailCheck aria-hidden="true" className="size-3.5" />
      {t('bid.invited')}
      <span className="sr-only">: {t('bid.invitedHint')}</span>
    </span>
  );
}
