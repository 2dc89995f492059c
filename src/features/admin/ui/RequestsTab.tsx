import { Eye, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { CategorySelect } from '../../requests/ui/CategorySelect';
import { StatusBadge } from '../../requests/ui/StatusBadge';
import { ADMIN_REQUEST_STATUS_FILTER } from '../admin.schema';
import {
  useAdminDeleteRequest,
  useAdminRequests,
  type AdminRequestRow,
  type RequestFilters,
} from './admin.api';
import { BREAKPOINT, EmptyList, ListArea, SelectFilter, TextFilter, type TabProps } from './parts';

/** Every request in every state, searched by text, status (open, assigned) and category. */
export function RequestsTab({ page, onPage }: TabProps) {
  const { t, i18n } = useTranslation(['admin', 'categories', 'requests']);
  const [draft, setDraft] = useState({ query: '', status: '', category: '' });
  const [filters, setFilters] = useState<RequestFilters>({});
  const list = useAdminRequests(filters, page);
  const remove = useDeleteWithConfirmation();
  const language = i18n.language as Language;

  const actions = (request: AdminRequestRow) => (
    <div className="flex flex-wrap gap-2">
      <Link to={`/request/${request.id}`} className="btn-secondary px-3 text-sm">
        <Eye aria-hidden="true" className="size-4" />
        {t('actions.view')}
      </Link>
      <button
        type="button"
        className="btn-secondary px-3 text-sm text-red-800"
        disabled={remove.isPending}
        onClick={() => void remove.run(request)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('actions.delete')}
      </button>
    </div>
  );
  const title = (request: AdminRequestRow) => (
    <Link
      to={`/request/${request.id}`}
      className="font-semibold break-words text-brand-800 underline-offset-4 hover:underline"
    >
      {request.title}
    </Link>
  );

  return (
    <section aria-labelledby="admin-requests-heading">
      <h2 id="admin-requests-heading" className="sr-only">
        {t('tabs.requests')}
      </h2>
      <form
        role="search"
        className="card grid grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_16rem_auto] lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...draft });
          onPage(1);
        }}
      >
        <TextFilter
          id="admin-requests-query"
          label={t('requests.query')}
          value={draft.query}
          onChange={(query) => setDraft({ ...draft, query })}
        />
        <SelectFilter
          id="admin-requests-status"
          label={t('requests.status')}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
          options={[
            { value: '', label: t('filters.all') },
            ...ADMIN_REQUEST_STATUS_FILTER.map((status) => ({
              value: status,
              label: t(`requests:status.${status.toLowerCase()}`),
            })),
          ]}
        />
        <div className="min-w-0">
          <CategorySelect
            id="admin-requests-category"
            label={t('requests.category')}
            value={draft.category}
            onChange={(category) => setDraft({ ...draft, category })}
            allLabel={t('filters.allCategories')}
          />
        </div>
        <button type="submit" className="btn-brand">
          <Search aria-hidden="true" className="size-4" />
          {t('filters.search')}
        </button>
      </form>

      <ListArea query={list} page={page} onPage={onPage}>
        {(data) =>
          data.workRequests.length === 0 ? (
            <EmptyList text={t('requests.empty')} />
          ) : (
            <>
              <ul className={`flex flex-col gap-3 ${BREAKPOINT.cards}`}>
                {data.workRequests.map((request) => (
                  <li key={request.id} className="card flex flex-col gap-2 p-4">
                    {title(request)}
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-stone-600">{t('requests.client')}</dt>
                      <dd className="min-w-0 break-words">
                        {request.client?.name ?? t('notAvailable')}
                      </dd>
                      <dt className="text-stone-600">{t('requests.category')}</dt>
                      <dd className="min-w-0">{t(`categories:${request.category}`)}</dd>
                      <dt className="text-stone-600">{t('requests.status')}</dt>
                      <dd>
                        <StatusBadge status={request.status} />
                      </dd>
                      <dt className="text-stone-600">{t('requests.created')}</dt>
                      <dd>{formatDate(request.createdAt, language)}</dd>
                    </dl>
                    {actions(request)}
                  </li>
                ))}
              </ul>
              <div className={`card overflow-hidden ${BREAKPOINT.table}`}>
                <table className="w-full text-left text-sm">
                  <thead className="bg-stone-50 text-stone-700">
                    <tr>
                      <th scope="col" className="p-3">
                        {t('requests.title')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('requests.client')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('requests.category')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('requests.status')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('requests.created')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('actions.label')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-200">
                    {data.workRequests.map((request) => (
                      <tr key={request.id} className="align-top">
                        <td className="p-3">{title(request)}</td>
                        <td className="p-3 break-words">
                          {request.client?.name ?? t('notAvailable')}
                        </td>
                        <td className="p-3">{t(`categories:${request.category}`)}</td>
                        <td className="p-3">
                          <StatusBadge status={request.status} />
                        </td>
                        <td className="p-3 whitespace-nowrap">
                          {formatDate(request.createdAt, language)}
                        </td>
                        <td className="p-3">{actions(request)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </ListArea>
    </section>
  );
}

/** Deletes a request, whatever its state, after saying what goes with it. */
function useDeleteWithConfirmation() {
  const { t } = useTranslation('admin');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const deletion = useAdminDeleteRequest();
  const run = async (request: AdminRequestRow) => {
    const yes = await confirm({
      title: t('requests.deleteTitle'),
      message: t('requests.deleteMessage', { title: request.title }),
      confirmLabel: t('actions.delete'),
      destructive: true,
    });
    if (!yes) return;
    deletion.mutate(request.id, {
      onSuccess: () => notify('success', t('notices.requestDeleted')),
      onError: (error) =>
        notify('error', `${t('notices.requestDeleteFailed')} ${errorText(error)}`),
    });
  };
  return { run, isPending: deletion.isPending };
}
