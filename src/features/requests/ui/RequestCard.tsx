import {
  Calendar,
  CalendarClock,
  Hourglass,
  MapPin,
  MessageSquare,
  Navigation,
} from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { formatDate, formatDay, formatKm, formatTimeAgo } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { signInPathFor } from '../../../shared/return-path';
import type { CamelCased } from '../../../client/api/types';
import { useNotify } from '../../../client/layout/Notifications';
import { useSession } from '../../accounts/ui/session';
import type { WorkRequestCard } from '../requests.schema';
import { placeLine } from '../../places/place-line';

export type RequestCardData = CamelCased<WorkRequestCard>;

/**
 * A request as a card: its first photo's small preview, category, title, a few lines of
 * description, place, how long ago it was posted, bids so far, until when it takes bids and the
 * deadline; no contact data.
 * Signed-in people open the details; visitors are sent to sign in (spec core §2 Browse), and
 * back to the details once signed in. The
 * preview is served under the attachment's own rules (sign-in), so visitors get none.
 */
/** `headingLevel`: the card's title sits one level under the list's own heading (2 on Browse). */
export function RequestCard({
  request,
  headingLevel = 3,
}: {
  request: RequestCardData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation(['requests', 'categories', 'ending']);
  const language = i18n.language as Language;
  const { user } = useSession();
  const { notify } = useNotify();
  const details = `/request/${request.id}`;
  // A visitor signs in first and comes back to this request.
  const to = user ? details : signInPathFor(details);
  const thumbnail = user ? request.thumbnailUrl : null;
  return (
    <article className="card relative flex h-full flex-col gap-3 p-5 transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      {thumbnail && (
        <img
          src={thumbnail}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          // A preview that cannot be had leaves no broken picture behind.
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
          className="aspect-video w-full rounded-lg bg-stone-100 object-cover"
        />
      )}
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {t(`categories:${request.category}`)}
      </p>
      <Heading className="text-lg leading-snug font-semibold text-stone-900">
        <Link
          to={to}
          onClick={() => !user && notify('info', t('card.mustLogIn'))}
          className="after:absolute after:inset-0 focus:outline-none"
        >
          {request.title}
        </Link>
      </Heading>
      <p className="line-clamp-3 text-sm text-stone-700">{request.description}</p>
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm text-stone-600">
        <div className="flex min-w-0 items-center gap-1.5">
          <dt>
            <MapPin aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('card.location')}</span>
          </dt>
          <dd className="min-w-0 break-words">
            {placeLine(request.placeName ? { name: request.placeName } : null, request.location)}
          </dd>
        </div>
        {request.distanceKm !== null && (
          <div className="flex items-center gap-1.5">
            <dt>
              <Navigation aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('card.distance')}</span>
            </dt>
            <dd>{t('around.km', { km: formatKm(request.distanceKm, language) })}</dd>
          </div>
        )}
        <div className="flex items-center gap-1.5">
          <dt>
            <Calendar aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('card.posted')}</span>
          </dt>
          <dd>
            <time
              dateTime={request.createdAt}
              title={formatDate(request.createdAt, language)}
              // "5 min ago" is counted again in the browser, seconds after the server did.
              suppressHydrationWarning
            >
              {formatTimeAgo(request.createdAt, new Date(), language)}
            </time>
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <MessageSquare aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('card.bidsLabel')}</span>
          </dt>
          <dd>
            {request.bidCount > 0 ? t('card.bids', { count: request.bidCount }) : t('card.noBids')}
          </dd>
        </div>
        {(request.status === 'OPEN' || request.status === 'EXPIRED') && (
          <div className="flex items-center gap-1.5">
            <dt>
              <Hourglass aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('ending:card.label')}</span>
            </dt>
            <dd>
              <time dateTime={request.bidsUntil}>
                {t(request.status === 'OPEN' ? 'ending:bidsUntil' : 'ending:endedOn', {
                  date: formatDate(request.bidsUntil, language),
                })}
              </time>
            </dd>
          </div>
        )}
        {request.deadline && (
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarClock aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('card.deadline')}</span>
            </dt>
            <dd>
              <time dateTime={request.deadline}>
                {t('card.deadlineBy', { date: formatDay(request.deadline, language) })}
              </time>
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
