import { Briefcase, Clock, Globe, Mail, MapPin, Phone, ShieldCheck, Tag } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { NotFoundPage } from '../../../client/pages/NotFoundPage';
import { eurosToCents, formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { placeLine } from '../../places/place-line';
import { ReviewForm } from '../../reviews/ui/ReviewForm';
import { ReviewsList } from '../../reviews/ui/ReviewsList';
import { TrustSummaryPanel } from '../../trust-summary/ui/TrustSummaryPanel';
import { ProviderFigures } from './ProviderFigures';
import { Badges } from '../../verifications/ui/Badges';
import { ClientActions } from './ClientActions';
import { ProviderPicture } from './ProviderPicture';
import { WorkGallery } from './WorkGallery';
import { useProvider } from './providers.api';
import { Stars } from './Stars';

/** /provider/:id (spec core §2 Provider details). */
export function ProviderPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  // The AI panel's texts load with the page's, so the panel never suspends the page on its own.
  const { t, i18n } = useTranslation([
    'providers',
    'categories',
    'trustSummary',
    'showcase',
    'verifications',
  ]);
  const language = i18n.language as Language;
  const provider = useProvider(id);
  useDocumentTitle(provider.data?.user.name ?? t('title'));

  if (provider.isPending) return <PageLoading />;
  const error = provider.error;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return <NotFoundPage />;
  if (error || !provider.data) {
    const disabled = error instanceof ApiError && error.code === 'provider_disabled';
    return (
      <div className="container-page py-10">
        <p
          role={disabled ? 'alert' : 'status'}
          className={`rounded-lg border p-4 ${disabled ? 'border-red-300 bg-red-50 text-red-900' : 'border-sky-300 bg-sky-50 text-sky-900'}`}
        >
          {disabled ? t('disabled') : t('unavailable')}
        </p>
      </div>
    );
  }
  const p = provider.data.user;
  // The job to review (the server lists the viewer's unreviewed hires of this provider): the one
  // the request page linked to, else any of them.
  const reviewFor =
    p.reviewableRequestIds.find((id) => id === params.get('review')) ?? p.reviewableRequestIds[0];

  return (
    <div className="container-page grid grid-cols-1 gap-6 py-10 lg:grid-cols-[2fr_1fr]">
      <div className="flex flex-col gap-6">
        {p.accountStatus !== 'active' && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            {t('disabled')}
          </p>
        )}
        <header className="card flex flex-col gap-5 p-6 sm:flex-row">
          <ProviderPicture url={p.profilePictureUrl} name={p.name} />
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">{p.name}</h1>
            {p.serviceCategory && (
              <p className="mt-1 flex items-center gap-1.5 text-brand-800">
                <Tag aria-hidden="true" className="size-4" />
                {t(`categories:${p.serviceCategory}`)}
              </p>
            )}
            {(p.place || p.location) && (
              <p className="mt-1 flex items-start gap-1.5 text-stone-700">
                <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
                <span className="min-w-0 break-words">
                  {placeLine(p.place, p.location ?? '')}
                  {p.place && p.serviceRadiusKm !== null && (
                    <> · {t('servesWithin', { km: p.serviceRadiusKm })}</>
                  )}
                </span>
              </p>
            )}
            <p className="mt-2 flex items-center gap-2 text-sm text-stone-700">
              {p.averageRating !== null && <Stars rating={p.averageRating} />}
              {t('reviews.count', { count: p.reviewCount })}
            </p>
            <div className="mt-3">
              <Badges badges={p.badges} />
            </div>
            <div className="mt-3">
              <ProviderFigures
                answerTime={p.answerTime}
                completedJobs={p.completedJobs}
                memberSince={p.memberSince}
              />
            </div>
            <div className="mt-4">
              <ClientActions
                provider={p}
                allowedActions={p.forViewer.allowedActions}
                favourite={p.forViewer.favourite}
              />
            </div>
          </div>
        </header>
        {p.bio && (
          <section className="card p-6" aria-labelledby="bio-title">
            <h2 id="bio-title" className="text-lg font-semibold">
              {t('about')}
            </h2>
            <p className="mt-2 whitespace-pre-line text-stone-800">{p.bio}</p>
          </section>
        )}
        <WorkGallery photos={p.workPhotos} />
        <TrustSummaryPanel providerId={p.id} />
        {reviewFor && (
          <ReviewForm providerId={p.id} workRequestId={reviewFor} onDone={() => setParams({})} />
        )}
        <ReviewsList providerId={p.id} />
      </div>
      <aside className="flex flex-col gap-6">
        {/* Member since moved up to the figures: the facts show only when the provider gave some. */}
        {(p.hourlyRate !== null || p.availability || p.experienceYears !== null) && (
          <section className="card p-6" aria-labelledby="facts-title">
            <h2 id="facts-title" className="text-lg font-semibold">
              {t('facts')}
            </h2>
            <dl className="mt-3 grid grid-cols-1 gap-2 text-sm">
              {p.hourlyRate !== null && (
                <div className="flex justify-between gap-2">
                  <dt className="text-stone-600">{t('hourlyRate')}</dt>
                  <dd className="font-medium">
                    {t('perHour', { amount: formatEuro(eurosToCents(p.hourlyRate), language) })}
                  </dd>
                </div>
              )}
              {p.availability && (
                <div className="flex justify-between gap-2">
                  <dt className="flex items-center gap-1.5 text-stone-600">
                    <Clock aria-hidden="true" className="size-4" />
                    {t('availability')}
                  </dt>
                  <dd className="text-right font-medium">{p.availability}</dd>
                </div>
              )}
              {p.experienceYears !== null && (
                <div className="flex justify-between gap-2">
                  <dt className="flex items-center gap-1.5 text-stone-600">
                    <Briefcase aria-hidden="true" className="size-4" />
                    {t('experience')}
                  </dt>
                  <dd className="font-medium">{t('years', { count: p.experienceYears })}</dd>
                </div>
              )}
            </dl>
          </section>
        )}
        <section className="card p-6" aria-labelledby="contact-title">
          <h2 id="contact-title" className="text-lg font-semibold">
            {t('contact.title')}
          </h2>
          {p.contact ? (
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {p.contact.email && (
                <li className="flex items-center gap-2">
                  <Mail aria-hidden="true" className="size-4 text-stone-500" />
                  <a href={`mailto:${p.contact.email}`} className="text-brand-700 underline">
                    {p.contact.email}
                  </a>
                </li>
              )}
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 text-stone-500" />
                {p.contact.phone ? (
                  <a
                    href={`tel:${p.contact.phone.replace(/\s/g, '')}`}
                    className="text-brand-700 underline"
                  >
                    {p.contact.phone}
                  </a>
                ) : (
                  t('contact.notListed')
                )}
              </li>
              {p.contact.website && (
                <li className="flex items-center gap-2">
                  <Globe aria-hidden="true" className="size-4 text-stone-500" />
                  <a
                    href={p.contact.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline"
                  >
                    {p.contact.website}
                  </a>
                </li>
              )}
            </ul>
          ) : (
            <p className="mt-3 flex gap-2 text-sm text-stone-700">
              <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              {t('contact.privacy')}
            </p>
          )}
        </section>
      </aside>
    </div>
  );
}
