import { Briefcase, MapPin, Navigation } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../client/i18n/react';
import { formatKm } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import type { ProviderClientAction } from '../invitations.schema';
import { ClientActions } from './ClientActions';
import type { DirectoryProvider } from './directory.api';
import { ProviderFigures } from './ProviderFigures';
import { Badges } from '../../verifications/ui/Badges';
import { ProviderPicture } from './ProviderPicture';
import { Stars } from './Stars';

/**
 * A provider in the directory: picture, name (to their page), trades, rating, finished jobs,
 * town and distance. No contact of any kind: the directory has none to show.
 */
export function DirectoryCard({
  provider,
  forViewer,
}: {
  provider: DirectoryProvider;
  /** What the signed-in viewer may do with the provider (invite, favourite), from the server. */
  forViewer?: { allowedActions: readonly ProviderClientAction[]; favourite: boolean };
}) {
  const { t, i18n } = useTranslation(['directory', 'categories', 'requests', 'verifications']);
  const language = i18n.language as Language;
  const trades = [
    ...new Set([
      ...(provider.serviceCategory ? [provider.serviceCategory] : []),
      ...provider.serviceCategories,
    ]),
  ];
  return (
    <article className="card relative flex h-full gap-4 p-5 transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      <ProviderPicture url={provider.profilePictureUrl} name={provider.name} size={64} />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 className="text-lg leading-snug font-semibold break-words text-stone-900">
          <Link
            to={`/provider/${provider.id}`}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {provider.name}
          </Link>
        </h2>
        {trades.length > 0 && (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            <span className="sr-only">{t('card.categories')}: </span>
            {trades.map((trade) => t(`categories:${trade}`)).join(' · ')}
          </p>
        )}
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {provider.averageRating !== null ? (
            <>
              <Stars rating={provider.averageRating} />
              <span>{t('card.reviews', { count: provider.reviewCount })}</span>
            </>
          ) : (
            <span>{t('card.noReviews')}</span>
          )}
        </p>
        <Badges badges={provider.badges} size="sm" />
        <ProviderFigures
          answerTime={provider.answerTime}
          memberSince={provider.memberSince}
          compact
        />
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
          <div className="flex items-center gap-1.5">
            <dt>
              <Briefcase aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('card.jobsLabel')}</span>
            </dt>
            <dd>{t('card.jobs', { count: provider.completedJobs })}</dd>
          </div>
          {provider.place && (
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <MapPin aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('card.place')}</span>
              </dt>
              <dd className="min-w-0 break-words">{provider.place.name}</dd>
            </div>
          )}
          {provider.distanceKm !== null && (
            <div className="flex items-center gap-1.5">
              <dt>
                <Navigation aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('card.distance')}</span>
              </dt>
              <dd>{t('requests:around.km', { km: formatKm(provider.distanceKm, language) })}</dd>
            </div>
          )}
        </dl>
        {forViewer && (
          <ClientActions
            provider={provider}
            allowedActions={forViewer.allowedActions}
            favourite={forViewer.favourite}
            compact
          />
        )}
      </div>
    </article>
  );
}
