import { Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { CategorySelect } from '../../requests/ui/CategorySelect';
import { StatusBadge } from '../../requests/ui/StatusBadge';
import { useForm } from '../../../client/hooks/useForm';
import { ADMIN_REQUEST_STATUS_FILTER, adminRequestFilters } from '../admin.schema';
import {
  useAdminDeleteRequest,
  useAdminRequests,
  type AdminRequestRow,
  type RequestFilters,
} from './admin.api';
import { DataList, Field, ListArea, TabSection, type TabProps } from './parts';
import { SearchForm, SelectFilter, TextFilter } from './search-form';

/**
 * Every request in every state, searched by text, status (open, expired, assigned, done,
 * disputed: ADMIN_REQUEST_STATUS_FILTER) and category.
 */
export function RequestsTab({ page, onPage }: TabProps) {
  const { t, i18n } = useTranslation(['admin', 'categories', 'requests']);
  const form = useForm<Record<string, string>>({ query: '', status: '', category: '' });
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
  const client = (request: AdminRequestRow) => request.client?.name ?? t('notAvailable');
  const category = (request: AdminRequestRow) => t(`categories:${request.category}`);
  const created = (request: AdminRequestRow) => formatDate(request.createdAt, language);

  return (
    <TabSection name="requests" title={t('tabs.requests')}>
      <SearchForm
        className="sm:grid-cols-2 sm:items-start lg:grid-cols-[1fr_12rem_16rem_auto]"
        buttonClass="btn-primary sm:mt-6"
        noValidate
        onSearch={() => {
          const checked = form.check(adminRequestFilters);
          if (!checked) return;
          setFilters(checked);
          onPage(1);
        }}
      >
        <TextFilter
          id="field-query"
          label={t('requests.query')}
          value={form.values.query ?? ''}
          onChange={(query) => form.set('query', query)}
          error={form.fieldError('query')}
        />
        <SelectFilter
          id="field-status"
          label={t('requests.status')}
          value={form.values.status ?? ''}
          onChange={(status) => form.set('status', status)}
          error={form.fieldError('status')}
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
            id="field-category"
            label={t('requests.category')}
            value={form.values.category ?? ''}
            onChange={(category) => form.set('category', category)}
            allLabel={t('filters.allCategories')}
          />
        </div>
      </SearchForm>

      <ListArea
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.workRequests}
        empty={t('requests.empty')}
      >
        {(requests) => (
          <DataList
            rows={requests}
            cardClass="card flex flex-col gap-2 p-4"
            card={(request) => (
              <>
                {title(request)}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <Field label={t('requests.client')} className="min-w-0 break-words">
                    {client(request)}
                  </Field>
                  <Field label={t('requests.category')} className="min-w-0">
                    {category(request)}
                  </Field>
                  <Field label={t('requests.status')}>
                    <StatusBadge status={request.status} />
                  </Field>
                  <Field label={t('requests.created')}>{created(request)}</Field>
                </dl>
                {actions(request)}
              </>
            )}
            columns={[
              { key: 'title', header: t('requests.title'), cell: title },
              {
                key: 'client',
                header: t('requests.client'),
                cellClass: 'p-3 break-words',
                cell: client,
              },
              { key: 'category', header: t('requests.category'), cell: category },
              {
                key: 'status',
                header: t('requests.status'),
                cell: (request) => <StatusBadge status={request.status} />,
              },
              {
                key: 'created',
                header: t('requests.created'),
                cellClass: 'p-3 whitespace-nowrap',
                cell: created,
              },
              { key: 'actions', header: t('actions.label'), cell: actions },
            ]}
          />
        )}
      </ListArea>
    </TabSection>
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
