import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { ModalDialog } from '../../../client/components/ui/ModalDialog';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { PAGE_PATHS } from '../../../shared/routes';
import { useInvitableRequests, useInvite, type InvitableRequest } from './invitations.api';

/**
 * The client's open requests: one that may invite the provider is a choice; one that may not
 * says why (the server's reason, invitations.rules.ts). Choose one, send.
 */
export function InviteDialog({
  providerId,
  name,
  onClose,
  onInvited,
}: {
  providerId: string;
  name: string;
  onClose: () => void;
  onInvited: (title: string) => void;
}) {
  const { t, i18n } = useTranslation('invitations');
  const language = i18n.language as Language;
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const list = useInvitableRequests(providerId);
  const invite = useInvite(providerId);
  const [chosen, setChosen] = useState<string | null>(null);
  const requests = list.data?.requests ?? [];
  const choosable = requests.filter((request) => request.refusal === null);
  const choice = choosable.find((request) => request.id === chosen) ?? choosable[0];

  const reasonOf = (request: InvitableRequest) =>
    request.invited ? t('invite.invited') : t(`invite.reasons.${request.refusal}`);

  return (
    <ModalDialog title={t('invite.title', { name })} onClose={onClose}>
      <p className="mt-1 text-sm text-stone-700">{t('invite.intro', { name })}</p>
      {list.isPending ? (
        <div className="mt-4">
          <Spinner label={t('invite.loading')} />
        </div>
      ) : list.isError ? (
        <div className="mt-4 flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-800">
            {errorText(list.error)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void list.refetch()}>
            {t('invite.retry')}
          </button>
        </div>
      ) : requests.length === 0 ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-sm text-stone-700">{t('invite.empty')}</p>
          <Link to={PAGE_PATHS.create} className="btn-primary">
            {t('invite.post')}
          </Link>
        </div>
      ) : (
        <form
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!choice) return;
            invite.mutate(choice.id, {
              onSuccess: () => {
                notify('success', t('invite.sent', { name, title: choice.title }));
                onInvited(choice.title);
              },
            });
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">{t('invite.choose')}</legend>
            <ul className="mt-2 flex flex-col gap-2">
              {requests.map((request) => (
                <li key={request.id}>
                  <label
                    className={`flex min-h-11 items-start gap-3 rounded-lg border px-3 py-2 ${request.refusal === null ? 'cursor-pointer border-stone-200 has-checked:border-brand-600 has-checked:bg-brand-50' : 'border-stone-200 bg-stone-50 text-stone-600'}`}
                  >
                    <input
                      type="radio"
                      name="work_request"
                      value={request.id}
                      disabled={request.refusal !== null}
                      checked={choice?.id === request.id}
                      onChange={() => setChosen(request.id)}
                      className="mt-1 size-4 shrink-0 accent-brand-700"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="font-medium break-words text-stone-900">
                        {request.title}
                      </span>
                      <span className="text-xs text-stone-600">
                        {t('invite.count', {
                          count: request.invitedCount,
                          max: list.data.maxInvitations,
                        })}{' '}
                        · {t('invite.until', { date: formatDate(request.bidsUntil, language) })}
                      </span>
                      {request.refusal !== null && (
                        <span className="mt-1 inline-flex items-center gap-1 text-sm">
                          {request.invited && (
                            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" />
                          )}
                          {reasonOf(request)}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {invite.isError && (
            <p role="alert" className="text-sm text-red-800">
              {errorText(invite.error)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t('invite.cancel')}
            </button>
            <button type="submit" className="btn-primary" disabled={!choice || invite.isPending}>
              {invite.isPending && <Spinner label={t('invite.sending')} />}
              {t('invite.send')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
