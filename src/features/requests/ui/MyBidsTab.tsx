import { Inbox } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { formatDateTime, formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { useSession } from '../../accounts/ui/session';
import { jobsForMePath } from '../../providers/jobs-for-me';
import { useProviderBids, type Bid } from './bids.api';

/**
 * A pending bid's time for bids, as the server says it: until when its request takes bids, or
 * since when it stopped (then the price stands and the bid can only be withdrawn).
 */
function BiddingState({ bid }: { bid: Bid }) {
  const { t, i18n } = useTranslation(['ending', 'myBids']);
  if (bid.status !== 'PENDING') return null;
  const date = formatDateTime(bid.workRequest.bidsUntil, i18n.language as Language);
  const frozen = bid.allowedActions.includes('withdraw') && !bid.allowedActions.includes('change');
  if (!bid.workRequest.bidsClosed) {
    return <p className="mt-1 text-xs text-stone-600">{t('bidsUntil', { date })}</p>;
  }
  return (
    <p className="mt-1 text-xs font-medium text-amber-900" data-testid="bidding-closed">
      {t('endedOn', { date })}
      {frozen && ` · ${t('myBids:frozen')}`}
    </p>
  );
}

/**
 * The provider's bids: request, amount, status, view (spec core §2 "My bids"), whether a bid was
 * revised, and its request's time for bids; a failed load stays quiet.
 */
export function MyBidsTab({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation(['bids', 'bidPrices']);
  const bids = useProviderBids(providerId);
  const { user } = useSession();
  if (bids.isPending) return <PageLoading />;
  const list = bids.data?.bids ?? [];
  if (list.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 p-10 text-center">
        <Inbox aria-hidden="true" className="size-8 text-stone-400" />
        <p className="font-medium">{t('mine.empty')}</p>
        {/* With a service area, the jobs around the provider's town (issue 31 "Jobs for me"). */}
        <Link to={jobsForMePath(user?.providerProfile) ?? '/browse'} className="btn-primary">
          {t('mine.browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {list.map((bid) => (
        <li key={bid.id} className="card flex flex-wrap items-center gap-3 p-4">
          <div className="min-w-0 flex-1">
            <Link
              to={`/request/${bid.workRequestId}`}
              className="font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {bid.workRequest.title || bid.workRequestId}
            </Link>
            <p className="mt-1 text-sm text-stone-700">
              {formatEuro(bid.amountCents, i18n.language as Language)} ·{' '}
              {t(`status.${bid.status.toLowerCase()}`)}
              {bid.revision > 1 && (
                <span className="ml-2 rounded-full border border-stone-300 px-2 py-0.5 text-xs font-medium">
                  {t('bidPrices:revised')}
                </span>
              )}
            </p>
            <BiddingState bid={bid} />
          </div>
          <Link to={`/request/${bid.workRequestId}`} className="btn-secondary">
            {t('mine.view')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
