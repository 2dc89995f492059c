import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { InviteDialog } from './InviteDialog';

/**
 * "Invite to bid" for a provider (docs/invitations.md): opens the dialog of the client's open
 * requests. Shown where the server allows it (`allowed_actions` has `invite_to_bid`); after an
 * invitation it says so until the page is left.
 */
export function InviteButton({
  providerId,
  name,
  compact = false,
}: {
  providerId: string;
  name: string;
  /** On a directory card: a smaller button. */
  compact?: boolean;
}) {
  const { t } = useTranslation('invitations');
  const [open, setOpen] = useState(false);
  const [invitedTo, setInvitedTo] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={`relative z-10 ${compact ? 'btn-secondary' : 'btn-primary'} inline-flex min-h-11 items-center gap-2`}
        aria-label={t('invite.buttonLabel', { name })}
        onClick={() => setOpen(true)}
      >
        <Send aria-hidden="true" className="size-4" />
        {t('invite.button')}
      </button>
      {invitedTo && (
        <p role="status" className="relative z-10 text-sm font-medium text-emerald-800">
          {t('invite.invitedTo', { title: invitedTo })}
        </p>
      )}
      {open && (
        <InviteDialog
          providerId={providerId}
          name={name}
          onClose={() => setOpen(false)}
          onInvited={(title) => {
            setInvitedTo(title);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
