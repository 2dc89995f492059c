import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDateTime } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { MAX_EXTENSION_DAYS } from '../requests.rules';
import { useExtendBidding, type RequestDetail } from './requests.api';

const EXTENSION_CHOICES = Array.from({ length: MAX_EXTENSION_DAYS }, (_, index) => index + 1);

/**
 * The request's time for bids (docs/requests.md "Time for bids"): until when it takes bids, or
 * that it takes none any more; and, when `allowed_actions` offers it, the client's one extension.
 * Shown while nobody is hired.
 */
export function BiddingTime({ request }: { request: RequestDetail }) {
  const { t, i18n } = useTranslation('ending');
  const language = i18n.language as Language;
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const extend = useExtendBidding();
  const [days, setDays] = useState(MAX_EXTENSION_DAYS);
  if (request.status !== 'OPEN' && request.status !== 'EXPIRED') return null;
  const expired = request.status === 'EXPIRED';
  const until = formatDateTime(request.bidsUntil, language);
  const canExtend = request.allowedActions.includes('extend');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    extend.mutate(
      { id: request.id, days },
      {
        onSuccess: () => notify('success', t('extend.done')),
        onError: (error) => notify('error', errorText(error)),
      },
    );
  };

  return (
    <section className="card p-6" aria-labelledby="bidding-time-title">
      <h2 id="bidding-time-title" className="flex items-center gap-2 text-lg font-semibold">
        <Hourglass aria-hidden="true" className="size-5" />
        {t('title')}
      </h2>
      <p className="mt-2 text-sm font-medium" data-testid="bids-until">
        {expired ? t('endedOn', { date: until }) : t('bidsUntil', { date: until })}
      </p>
      {expired && (
        <p className="mt-2 text-sm text-stone-700">
          {t(request.isOwner ? 'expired.owner' : 'expired.others')}
        </p>
      )}
      {request.extended && <p className="mt-2 text-xs text-stone-600">{t('extend.used')}</p>}
      {canExtend && (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
          <p className="text-sm text-stone-700">{t('extend.hint')}</p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="extend-days" className="text-sm font-medium text-stone-800">
              {t('extend.days')}
            </label>
            <select
              id="extend-days"
              name="days"
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
            >
              {EXTENSION_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t('days', { count: choice })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary" disabled={extend.isPending}>
            {t('extend.button')}
          </button>
        </form>
      )}
    </section>
  );
}
