import { Inbox, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { useMyRequests } from './requests.api';
import { StatusBadge } from './StatusBadge';
import { useConfirmDeleteRequest } from './useConfirmDeleteRequest';

/** The client's own requests in every status, each with the actions the server allows (spec core §2 "My requests"). */
export function MyRequestsTab() {
  const { t, i18n } = useTranslation('requests');
  const errorText = useApiErrorText();
  const deletion = useConfirmDeleteRequest();
  const mine = useMyRequests();

  if (mine.isPending) return <PageLoading />;
  if (mine.isError)
    return (
      <p role="alert" className="card p-6 text-red-800">
        {errorText(mine.error)}
      </p>
    );
  if (mine.data.workRequests.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 p-10 text-center">
        <Inbox aria-hidden="true" className="size-8 text-stone-400" />
        <p className="font-medium">{t('mine.empty')}</p>
        <Link to="/create" className="btn-primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('mine.create')}
        </Link>
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-3">
      {mine.data.workRequests.map((request) => (
        <li key={request.id} className="card flex flex-wrap items-center gap-3 p-4">
          <div className="min-w-0 flex-1">
            <Link
              to={`/request/${request.id}`}
              className="font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {request.title}
            </Link>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <StatusBadge status={request.status} />
              <span>{formatDate(request.createdAt, i18n.language as Language)}</span>
              <span>
                {request.bidCount > 0
                  ? t('card.bids', { count: request.bidCount })
                  : t('card.noBids')}
              </span>
              {request.newBidCount > 0 && (
                <span
                  className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white"
                  title={t('mine.newBidsLabel', { count: request.newBidCount })}
                >
                  <span aria-hidden="true">
                    {t('mine.newBids', { count: request.newBidCount })}
                  </span>
                  <span className="sr-only">
                    {t('mine.newBidsLabel', { count: request.newBidCount })}
                  </span>
                </span>
              )}
            </p>
          </div>
          <Link to={`/request/${request.id}`} className="btn-secondary">
            {t('mine.view')}
          </Link>
          {request.allowedActions.includes('delete') && (
            <button
              type="button"
              className="btn-secondary text-red-800"
              disabled={deletion.isPending}
              onClick={() => void deletion.remove(request)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('details.delete')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
