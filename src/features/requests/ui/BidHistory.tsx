import { useTranslation } from '../../../client/i18n/react';
import { Spinner } from '../../../client/components/ui/Spinner';
import { formatDate, formatDay, formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { useBidRevisions, type BidRevision } from './bid-prices.api';
import { BidLinesTable } from './BidLinesTable';

/** Every version of a bid, newest first, each with its price, lines and dates. */
export function BidHistory({ bidId }: { bidId: string }) {
  const { t } = useTranslation('bidPrices');
  const revisions = useBidRevisions(bidId, true);
  if (revisions.isPending) return <Spinner label={t('history.loading')} />;
  if (revisions.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('history.failed')}
      </p>
    );
  return <BidVersions versions={revisions.data.revisions} />;
}

/**
 * Versions of a bid as kept (oldest first, as the server answers them), shown newest first: also
 * the console's Cases, which has them in the case's own answer.
 */
export function BidVersions({ versions }: { versions: BidRevision[] }) {
  const { t, i18n } = useTranslation('bidPrices');
  const language = i18n.language as Language;
  const newestFirst = [...versions].reverse();
  return (
    <ol className="mt-3 flex flex-col gap-3 border-l-2 border-stone-200 pl-3">
      {newestFirst.map((version) => (
        <li key={version.revision}>
          <p className="text-sm font-semibold">
            {t('history.version', { number: version.revision })}
            {' · '}
            {t(`history.reasons.${version.reason}`)}
            {' · '}
            <span className="font-normal text-stone-600">
              {formatDate(version.createdAt, language)}
            </span>
          </p>
          <p className="text-sm">{formatEuro(version.amountCents, language)}</p>
          {version.validUntil && (
            <p className="text-xs text-stone-600">
              {t('validUntilShown', { date: formatDay(version.validUntil, language) })}
            </p>
          )}
          <BidLinesTable lines={version.lines} totalCents={version.amountCents} />
          <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{version.description}</p>
        </li>
      ))}
    </ol>
  );
}
