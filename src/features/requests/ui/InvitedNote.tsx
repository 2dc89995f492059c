import { MailCheck } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';

/** On a request's page, for a provider its client invited to bid (docs/invitations.md). */
export function InvitedNote() {
  const { t } = useTranslation('invitations');
  return (
    <p className="mt-4 flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
      <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t('request.invitedYou')}
    </p>
  );
}
