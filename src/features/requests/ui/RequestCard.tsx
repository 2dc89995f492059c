import { Calendar, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import type { CamelCased } from '../../../client/api/types';
import { useNotify } from '../../../client/layout/Notifications';
import { useSession } from '../../accounts/ui/session';
import type { WorkRequestCard } from '../requests.schema';

export type RequestCardData = CamelCased<WorkRequestCard>;

/**
 * A request as a card: category, title, a few lines of description, place and date; no contact
 * data. Signed-in people open the details; visitors are sent to sign in (spec core §2 Browse).
 */
export function RequestCard({ request }: { request: RequestCardData }) {
  const { t, i18n } = useTranslation(['requests', 'categories']);
  const { user } = useSession();
  const { notify } = useNotify();
  const to = user ? `/request/${request.id}` : '/auth';
  return (
    <article className="card relative flex h-full flex-col gap-3 p-5 transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {t(`categories:${request.category}`)}
      </p>
      <h3 className="text-lg leading-snug font-semibold text-stone-900">
        <Link
          to={to}
          onClick={() => !user && notify('info', t('card.mustLogIn'))}
          className="after:absolute after:inset-0 focus:outline-none"
        >
          {request.title}
        </Link>
      </h3>
      <p className="line-clamp-3 text-sm text-stone-700">{request.description}</p>
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm text-stone-600">
        <div className="flex items-center gap-1.5">
          <dt>
            <MapPin aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('card.location')}</span>
          </dt>
          <dd>{request.location}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Calendar aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('card.posted')}</span>
          </dt>
          <dd>
            <time dateTime={request.createdAt}>
              {formatDate(request.createdAt, i18n.language as Language)}
            </time>
          </dd>
        </div>
      </dl>
    </article>
  );
}
