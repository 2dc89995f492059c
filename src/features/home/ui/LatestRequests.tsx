import { Inbox } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { Spinner } from '../../../client/components/ui/Spinner';
import { isPagePath } from '../../../shared/routes';
import { RequestCard } from '../../requests/ui/RequestCard';
import { useLatestRequests } from '../../requests/ui/requests.api';

/** Newest open requests. A failed load shows the empty state, as the spec asks (core §2 Home). */
export function LatestRequests({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('home');
  const latest = useLatestRequests();
  const requests = latest.data?.workRequests ?? [];

  return (
    <section aria-labelledby="latest-title" className="container-page py-12">
      <h2 id="latest-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
        {t('latest.title')}
      </h2>
      <p className="mt-2 text-stone-700">{t('latest.subtitle')}</p>
      {latest.isPending ? (
        <div className="flex min-h-48 items-center justify-center">
          <Spinner label={t('common:loading')} />
        </div>
      ) : requests.length === 0 ? (
        <div className="card mt-6 flex min-h-48 flex-col items-center justify-center gap-2 p-8 text-center">
          <Inbox aria-hidden="true" className="size-8 text-stone-400" />
          <p className="font-medium text-stone-800">{t('latest.empty')}</p>
          <p className="text-sm text-stone-600">{t('latest.emptyHint')}</p>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
      {!signedIn && isPagePath('/auth') && (
        <p className="mt-6 text-center text-stone-700">
          <Link to="/auth" className="font-semibold text-brand-700 underline">
            {t('latest.loginPrompt')}
          </Link>{' '}
          <Link
            to="/auth?mode=register-provider"
            className="font-semibold text-brand-700 underline"
          >
            {t('latest.registerProviderPrompt')}
          </Link>
        </p>
      )}
    </section>
  );
}
