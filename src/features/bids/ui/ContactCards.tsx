import { Globe, Mail, Phone, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import type { SessionUser } from '../../accounts/ui/session';
import { useProvider } from '../../providers/ui/providers.api';
import { useChangeRequestStatus, type RequestDetail } from '../../requests/ui/requests.api';
import { useRequestBids } from './bids.api';

function Card({
  title,
  name,
  email,
  phone,
  website,
}: {
  title: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
}) {
  const { t } = useTranslation('bids');
  return (
    <section className="card border-emerald-300 p-6" aria-label={title}>
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
    </section>
  );
}

/** After acceptance: the winner's contact for the client (and admins), the client's for the winner. */
export function ContactCards({ request, viewer }: { request: RequestDetail; viewer: SessionUser }) {
  const { t } = useTranslation('bids');
  const assigned = request.status === 'ASSIGNED' || request.status === 'COMPLETED';
  const bids = useRequestBids(request.id);
  const winner = bids.data?.bids.find((bid) => bid.status === 'ACCEPTED');
  const seesProvider =
    assigned && (request.isOwner || viewer.role === 'administrator') && winner !== undefined;
  const provider = useProvider(seesProvider ? winner.providerId : undefined);
  return (
    <>
      {seesProvider && provider.data?.user.contact && (
        <Card
          title={t('contact.provider')}
          name={provider.data.user.name}
          email={provider.data.user.contact.email}
          phone={provider.data.user.contact.phone}
          website={provider.data.user.contact.website}
        />
      )}
      {seesProvider && request.isOwner && (
        <Link to={`/provider/${winner.providerId}?review=${request.id}`} className="btn-secondary">
          <Star aria-hidden="true" className="size-4" />
          {t('contact.review')}
        </Link>
      )}
      {assigned && viewer.role === 'provider' && request.contactName && (
        <Card title={t('contact.client')} name={request.contactName} email={request.contactEmail} />
      )}
    </>
  );
}

/** The client closes a done job or withdraws an open request (beyond the spec, issue 5). */
export function RequestActions({ request }: { request: RequestDetail }) {
  const { t } = useTranslation('bids');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const changeStatus = useChangeRequestStatus();
  if (!request.isOwner || (request.status !== 'OPEN' && request.status !== 'ASSIGNED')) return null;
  const change = request.status === 'OPEN' ? 'cancel' : 'complete';
  const run = async () => {
    const yes = await confirm({
      title: t(`${change}.title`),
      message: t(`${change}.message`),
      confirmLabel: t(`${change}.confirm`),
      destructive: change === 'cancel',
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
  return (
    <button
      type="button"
      className={change === 'cancel' ? 'btn-secondary' : 'btn-brand'}
      disabled={changeStatus.isPending}
      onClick={run}
    >
      {t(`${change}.button`)}
    </button>
  );
}
