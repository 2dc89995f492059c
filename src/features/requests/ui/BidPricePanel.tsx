import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDay, formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import type { SessionUser } from '../../accounts/ui/session';
import { useAnswerProposal, useRequestPrice } from './bid-prices.api';
import type { Bid } from './bids.api';
import { BidHistory } from './BidHistory';
import { BidLinesTable } from './BidLinesTable';
import { PriceProposalForm } from './PriceProposalForm';

/**
 * What a bid says about its price beyond the total (docs/bids.md "Priced lines"): its lines, how
 * long it holds and when work can start, "revised" with its history one click away, an expired
 * bid's request for a new price, and after the hire a proposed price to answer or make. Every
 * button comes from the bid's `allowed_actions`.
 */
export function BidPricePanel({ bid, viewer }: { bid: Bid; viewer: SessionUser }) {
  const { t, i18n } = useTranslation('bidPrices');
  const language = i18n.language as Language;
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [proposing, setProposing] = useState(false);
  const requestPrice = useRequestPrice();
  const answer = useAnswerProposal();
  const isBidder = bid.providerId === viewer.id;
  const proposal = bid.pendingProposal;
  const can = (action: Bid['allowedActions'][number]) => bid.allowedActions.includes(action);

  const ask = () =>
    requestPrice.mutate(bid, {
      onSuccess: () => notify('success', t('expired.done')),
      onError: (error) => notify('error', errorText(error)),
    });
  const reply = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { bid, answer: choice },
      {
        onSuccess: () =>
          notify('success', t(choice === 'accept' ? 'proposal.accepted' : 'proposal.declined')),
        onError: (error) => notify('error', errorText(error)),
      },
    );

  return (
    <div className="mt-2 flex flex-col gap-2">
      <BidLinesTable lines={bid.lines} totalCents={bid.amountCents} />
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        {bid.validUntil && (
          <span>{t('validUntilShown', { date: formatDay(bid.validUntil, language) })}</span>
        )}
        {bid.earliestStart && (
          <span>{t('earliestStartShown', { date: formatDay(bid.earliestStart, language) })}</span>
        )}
      </div>
      {bid.revision > 1 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-300">
            {t('revised')}
          </span>
          <button
            type="button"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen(!historyOpen)}
          >
            <History aria-hidden="true" className="size-4" />
            {t(historyOpen ? 'history.hide' : 'history.show')}
          </button>
        </div>
      )}
      {historyOpen && <BidHistory bidId={bid.id} />}
      {bid.expired && bid.status === 'PENDING' && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
          <p>
            {t(isBidder ? 'expired.provider' : 'expired.client', {
              date: bid.validUntil ? formatDay(bid.validUntil, language) : '',
            })}
          </p>
          {bid.priceRequestedAt && <p className="mt-1 font-medium">{t('expired.asked')}</p>}
          {can('request_price') && (
            <button
              type="button"
              className="btn-secondary mt-2"
              disabled={requestPrice.isPending}
              onClick={ask}
            >
              {t('expired.ask')}
            </button>
          )}
        </div>
      )}
      {proposal && (
        <div className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm" role="status">
          <p className="font-semibold">{t('proposal.title')}</p>
          <p>
            {t('proposal.text', {
              amount: formatEuro(proposal.amountCents, language),
              previous: formatEuro(bid.amountCents, language),
            })}
          </p>
          <p className="mt-1 whitespace-pre-line">{t('proposal.note', { note: proposal.note })}</p>
          <BidLinesTable lines={proposal.lines} totalCents={proposal.amountCents} />
          {can('answer_proposal') ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary"
                disabled={answer.isPending}
                onClick={() => reply('accept')}
              >
                {t('proposal.accept')}
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={answer.isPending}
                onClick={() => reply('decline')}
              >
                {t('proposal.decline')}
              </button>
            </div>
          ) : (
            isBidder && <p className="mt-1 text-stone-700">{t('proposal.waiting')}</p>
          )}
        </div>
      )}
      {can('propose_price') && !proposing && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <button type="button" className="btn-secondary" onClick={() => setProposing(true)}>
            {t('proposal.propose')}
          </button>
          <span className="text-stone-600">{t('proposal.fixedNote')}</span>
        </div>
      )}
      {proposing && can('propose_price') && (
        <div className="mt-2 border-t border-stone-200 pt-3">
          <PriceProposalForm bid={bid} onDone={() => setProposing(false)} />
        </div>
      )}
    </div>
  );
}
