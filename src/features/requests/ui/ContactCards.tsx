import { Globe, Mail, Phone, Star } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import type { SessionUser } from '../../accounts/ui/session';
import { useProvider } from '../../providers/ui/providers.api';
import { StartConversation } from '../../conversations/ui/StartConversation';
import { useChangeRequestStatus, type RequestDetail } from './requests.api';

function Card({
  title,
  name,
  email,
  phone,
  website,
  action,
  ref,
}: {
  title: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  /** What the viewer can do with this person (write to them). */
  action?: ReactNode;
  /** Given when the page may move the focus to the card (it then takes focus, not a tab stop). */
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation('bids');
  return (
    <section
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className="card border-emerald-300 p-6 scroll-mt-24"
      aria-label={title}
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 font-medium">{name}</p>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm">
        {email && (
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 text-stone-500" />
            <a href={`mailto:${email}`} className="text-brand-700 underline">
              {email}
            </a>
          </li>
        )}
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 text-stone-500" />
          {phone ? (
            <a href={`tel:${phone.replace(/\s/g, '')}`} className="text-brand-700 underline">
              {phone}
            </a>
          ) : (
            <span>{t('contact.noPhone')}</span>
          )}
        </li>
        {website && (
          <li className="flex items-center gap-2">
            <Globe aria-hidden="true" className="size-4 text-stone-500" />
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
            >
              {website}
            </a>
          </li>
        )}
      </ul>
      {action && <div className="mt-4">{action}</div>}
    </section>
  );
}

/**
 * After a hire, the contacts the server lets this viewer see: the hired provider's for the client
 * (and administrators), the client's for the hired provider. The server sends contact data only
 * to those who may see it, so a card is shown exactly when its data is there.
 *
 * With `reveal` (the viewer has just accepted a bid here), the provider's card takes the focus
 * as soon as it is shown, which scrolls it into view: on a phone it sits below the bids and
 * photos, and the accept button that had the focus is gone.
 */
export function ContactCards({
  request,
  viewer,
  reveal = false,
  onRevealed,
}: {
  request: RequestDetail;
  viewer: SessionUser;
  reveal?: boolean;
  onRevealed?: () => void;
}) {
  const { t } = useTranslation('bids');
  // Non-null only for viewers who may see the hire's contacts; the hired provider is not shown
  // their own card.
  const hiredId = request.acceptedProviderId !== viewer.id ? request.acceptedProviderId : null;
  const provider = useProvider(hiredId);
  const hired = provider.data?.user;
  const providerCard = useRef<HTMLElement>(null);
  const shown = Boolean(hired?.contact);
  useEffect(() => {
    const card = providerCard.current;
    if (!reveal || !shown || !card) return;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'nearest' });
    onRevealed?.();
  }, [reveal, shown, onRevealed]);
  return (
    <>
      {hired?.contact && (
        <Card
          ref={providerCard}
          title={t('contact.provider')}
          name={hired.name}
          email={hired.contact.email}
          phone={hired.contact.phone}
          website={hired.contact.website}
          action={
            request.isOwner &&
            request.acceptedProviderId && (
              <StartConversation
                workRequestId={request.id}
                providerId={request.acceptedProviderId}
                name={hired.name}
                label={t('contact.message')}
              />
            )
          }
        />
      )}
      {request.allowedActions.includes('review') && request.acceptedProviderId && (
        <Link
          to={`/provider/${request.acceptedProviderId}?review=${request.id}`}
          className="btn-secondary"
        >
          <Star aria-hidden="true" className="size-4" />
          {t('contact.review')}
        </Link>
      )}
      {request.contactName && !request.isOwner && (
        <Card
          title={t('contact.client')}
          name={request.contactName}
          email={request.contactEmail}
          phone={request.contactPhone}
          action={
            viewer.role === 'provider' && (
              <StartConversation
                workRequestId={request.id}
                name={request.contactName}
                label={t('contact.message')}
              />
            )
          }
        />
      )}
    </>
  );
}

/**
 * The client closes a hired job as done or withdraws an open request, as `allowed_actions` say.
 * Withdrawing sits in a card that says what it does, as deleting beside it does: a cancelled
 * request stays (closed to bids), a deleted one is gone.
 */
export function RequestActions({ request }: { request: RequestDetail }) {
  const { t: bidsText } = useTranslation('bids');
  const { t: completionText } = useTranslation('completion');
  // Completing a job the provider said is done confirms their "done" (docs/requests.md).
  const t = (key: string) =>
    request.status === 'DONE' && key.startsWith('complete.')
      ? completionText(key.replace('complete.', 'confirm.'))
      : bidsText(key);
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const changeStatus = useChangeRequestStatus();
  const changes = (['complete', 'cancel'] as const).filter((change) =>
    request.allowedActions.includes(change),
  );
  const run = async (change: (typeof changes)[number]) => {
    const yes = await confirm({
      title: t(`${change}.title`),
      message: t(`${change}.message`),
      confirmLabel: t(`${change}.confirm`),
      ...(change === 'cancel' && { dismissLabel: t('cancel.keep'), destructive: true }),
    });
    if (!yes) return;
    changeStatus.mutate(
      { id: request.id, change },
      {
        onSuccess: () => notify('success', t(`${change}.done`)),
        onError: (error) => notify('error', errorText(error)),
      },
    );
  };
  return changes.map((change) =>
    change === 'cancel' ? (
      <section key={change} className="card p-6">
        <p className="text-sm text-stone-700">{t('cancel.hint')}</p>
        <button
          type="button"
          className="btn-secondary mt-3"
          disabled={changeStatus.isPending}
          onClick={() => run(change)}
        >
          {t('cancel.button')}
        </button>
      </section>
    ) : (
      <button
        key={change}
        type="button"
        className="btn-primary"
        disabled={changeStatus.isPending}
        onClick={() => run(change)}
      >
        {t(`${change}.button`)}
      </button>
    ),
  );
}
