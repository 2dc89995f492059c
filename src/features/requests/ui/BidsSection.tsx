import { CheckCircle2, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Badges } from '../../verifications/ui/Badges';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate, formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import type { SessionUser } from '../../accounts/ui/session';
import type { RequestDetail } from './requests.api';
import { useAcceptBid, useRequestBids, useWithdrawBid, type Bid } from './bids.api';
import { BidForm } from './BidForm';
import { BidPricePanel } from './BidPricePanel';
import { InvitedMark } from './InvitedMark';
import { StartConversation } from '../../conversations/ui/StartConversation';

const STATUS_STYLE: Record<Bid['status'], string> = {
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-300',
  ACCEPTED: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  REJECTED: 'bg-stone-100 text-stone-700 ring-stone-300',
};

/**
 * The bids the server shows this viewer (spec core §2 Request details: the client and admins
 * all, a provider their own), each with the buttons its `allowed_actions` name, and the bid
 * form when the request's `allowed_actions` has `place_bid`. Without `view_bids` (a provider who
 * has not bid, another client) no bids are asked for and none are shown.
 */
export function BidsSection({
  request,
  viewer,
  onAccepted,
}: {
  request: RequestDetail;
  viewer: SessionUser;
  /** Called once this viewer's acceptance has gone through and the page shows the hire. */
  onAccepted?: () => void;
}) {
  const { t, i18n } = useTranslation(['bids', 'verifications']);
  const language = i18n.language as Language;
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const canView = request.allowedActions.includes('view_bids');
  const canBid = request.allowedActions.includes('place_bid');
  const bids = useRequestBids(request.id, canView);
  const acceptBid = useAcceptBid();
  const withdrawBid = useWithdrawBid();
  const [editing, setEditing] = useState<string | undefined>();
  // A provider sees only their own bid: the heading and the note say so.
  const ownBidOnly = viewer.role === 'provider';
  // Before the hire the client may write to any provider who bid; the server decides for good.
  const canMessage = request.isOwner && request.status === 'OPEN';

  const accept = async (bid: Bid) => {
    const yes = await confirm({
      title: t('accept.title'),
      message: t('accept.message', {
        name: bid.provider.name,
        amount: formatEuro(bid.amountCents, language),
      }),
      confirmLabel: t('accept.confirm'),
    });
    if (!yes) return;
    acceptBid.mutate(bid, {
      onSuccess: () => {
        notify('success', t('accept.done'));
        onAccepted?.();
      },
      onError: (error) => notify('error', `${t('accept.failed')} ${errorText(error)}`),
    });
  };

  const withdraw = async (bid: Bid) => {
    const yes = await confirm({
      title: t('withdraw.title'),
      message: t('withdraw.message'),
      confirmLabel: t('withdraw.confirm'),
      destructive: true,
    });
    if (!yes) return;
    withdrawBid.mutate(bid, {
      onSuccess: () => notify('success', t('withdraw.done')),
      onError: (error) => notify('error', errorText(error)),
    });
  };

  const bidForm = canBid && <BidForm workRequestId={request.id} />;
  if (!canView) {
    return (
      bidForm && (
        <section className="card p-6" aria-labelledby="bid-form-title">
          <h2 id="bid-form-title" className="mb-3 text-lg font-semibold">
            {t('form.title')}
          </h2>
          {bidForm}
        </section>
      )
    );
  }
  if (bids.isPending) return <Spinner label={t('loading')} />;
  if (bids.isError) {
    // Spec core §8: a provider's failed load is silent; the client and admins are told. A viewer
    // the server shows no bids to (another client) sees no section at all.
    const refused = bids.error instanceof ApiError && bids.error.status === 403;
    return ownBidOnly || refused ? null : (
      <p role="alert" className="text-red-800">
        {t('loadFailed')}
      </p>
    );
  }
  const list = bids.data.bids;
  const busy = acceptBid.isPending || withdrawBid.isPending;

  return (
    <section className="card p-6" aria-labelledby="bids-title">
      <h2 id="bids-title" className="text-lg font-semibold">
        {ownBidOnly ? t('titleMine') : t('titleAll', { count: list.length })}
      </h2>
      {list.length === 0 && !ownBidOnly && <p className="mt-3 text-stone-600">{t('none')}</p>}
      <ul className="mt-3 flex flex-col gap-3">
        {list.map((bid) => (
          <li
            key={bid.id}
            className={`rounded-lg border p-4 ${bid.status === 'ACCEPTED' ? 'border-emerald-400 bg-emerald-50' : 'border-stone-200'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {bid.provider.name}
                {bid.invited && <InvitedMark />}
              </p>
              <p className="text-lg font-bold text-brand-800">
                {formatEuro(bid.amountCents, language)}
              </p>
            </div>
            <div className="mt-1">
              <Badges badges={bid.provider.badges} size="sm" />
            </div>
            <p className="mt-2 whitespace-pre-line text-stone-800">{bid.description}</p>
            <BidPricePanel bid={bid} viewer={viewer} />
            <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <span
                className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[bid.status]}`}
              >
                {bid.status === 'ACCEPTED' && (
                  <CheckCircle2 aria-hidden="true" className="size-3.5" />
                )}
                {t(`status.${bid.status.toLowerCase()}`)}
              </span>
              <span className="text-stone-600">{formatDate(bid.createdAt, language)}</span>
              {bid.providerId !== viewer.id && (
                <Link
                  to={`/provider/${bid.providerId}`}
                  className="font-medium text-brand-700 underline"
                >
                  {t('viewProvider')}
                </Link>
              )}
              <span className="ml-auto flex flex-wrap gap-2">
                {canMessage && (
                  <StartConversation
                    workRequestId={request.id}
                    providerId={bid.providerId}
                    name={bid.provider.name}
                    label={t('message')}
                    accessibleLabel={t('messageTo', { name: bid.provider.name })}
                  />
                )}
                {bid.allowedActions.includes('accept') && (
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={busy}
                    onClick={() => accept(bid)}
                  >
                    {t('accept.button')}
                  </button>
                )}
                {bid.allowedActions.includes('change') && (
                  <button
                    type="button"
                    className="btn-secondary"
                    aria-expanded={editing === bid.id}
                    onClick={() => setEditing(editing === bid.id ? undefined : bid.id)}
                  >
                    {t('change')}
                  </button>
                )}
                {bid.allowedActions.includes('withdraw') && (
                  <button
                    type="button"
                    className="btn-secondary text-red-800"
                    disabled={busy}
                    onClick={() => withdraw(bid)}
                  >
                    {t('withdraw.button')}
                  </button>
                )}
              </span>
            </div>
            {editing === bid.id && bid.allowedActions.includes('change') && (
              <div className="mt-4 border-t border-stone-200 pt-4">
                <BidForm
                  workRequestId={request.id}
                  existing={bid}
                  onDone={() => setEditing(undefined)}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {ownBidOnly && (
        <p className="mt-4 flex items-center gap-2 text-sm text-stone-600">
          <EyeOff aria-hidden="true" className="size-4" />
          {t('othersHidden')}
        </p>
      )}
      {bidForm && (
        <div className="mt-6 border-t border-stone-200 pt-6">
          <h3 className="mb-3 font-semibold">{t('form.title')}</h3>
          {bidForm}
        </div>
      )}
    </section>
  );
}
