import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { AUDIT_ACTOR_TYPES, EXPORT_FORMATS, auditFilters } from '../admin.schema';
import { useAdminAudits, useExportAudits, type AdminAudit, type AuditFilters } from './admin.api';
import {
  ColumnFields,
  DataList,
  ListArea,
  TabSection,
  formatDateTime,
  type Column as ListColumn,
  type TabProps,
} from './parts';
import { SearchForm, SelectFilter, TextFilter } from './search-form';

const COLUMNS = [
  'timestamp',
  'level',
  'action',
  'outcome',
  'actor',
  'target',
  'requestId',
  'message',
] as const;
type Column = (typeof COLUMNS)[number];
/** Widths the columns start from (the table's automatic layout widens one for its header). */
const COLUMN_WIDTH: Partial<Record<Column, string>> = {
  timestamp: 'w-28',
  level: 'w-24',
  outcome: 'w-28',
  message: 'w-1/5',
};

/** The audit trail: four filters, the total found, the spec's columns and the two exports. */
export function AuditsTab({ page, onPage }: TabProps) {
  const { t, i18n } = useTranslation('admin');
  const [filters, setFilters] = useState<AuditFilters>({});
  const form = useForm<Record<string, string>>({
    request_id: '',
    action: '',
    actor_id: '',
    actor_type: '',
  });
  const list = useAdminAudits(filters, page);
  /** A filter's id, value and error from the form (the ids the server's field errors focus). */
  const filter = (name: string) => ({
    id: `field-${name}`,
    value: form.values[name] ?? '',
    onChange: (value: string) => form.set(name, value),
    error: form.fieldError(name),
  });
  const na = t('notAvailable');

  const cell = (audit: AdminAudit, column: Column) => {
    switch (column) {
      case 'timestamp':
        return (
          <span className="tabular-nums">
            {formatDateTime(audit.timestamp, i18n.language, true)}
          </span>
        );
      case 'level':
        return audit.level;
      case 'action':
        return <code className="break-all">{audit.action}</code>;
      case 'outcome':
        return audit.outcome;
      case 'actor':
        return (
          <span className="break-all">
            {audit.actorType ?? na}
            {audit.actorId && <span className="block text-xs text-stone-600">{audit.actorId}</span>}
          </span>
        );
      case 'target':
        return (
          <span className="break-all">
            {audit.targetType ?? na}
            {audit.targetUserId && (
              <span className="block text-xs text-stone-600">{audit.targetUserId}</span>
            )}
          </span>
        );
      case 'requestId':
        return <span className="text-xs break-all">{audit.requestId ?? na}</span>;
      case 'message':
        return <span className="break-words">{audit.message ?? na}</span>;
    }
  };

  const columns = COLUMNS.map((key): ListColumn<AdminAudit> => ({
    key,
    header: t(`audits.columns.${key}`),
    cell: (audit) => cell(audit, key),
    // Headers wrap between words only; a column is never narrower than its longest word.
    headerClass: `p-2 ${COLUMN_WIDTH[key] ?? ''}`,
    cellClass: 'p-2',
  }));

  return (
    <TabSection name="audits" title={t('tabs.audits')}>
      <SearchForm
        noValidate
        className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_12rem_auto] lg:items-start"
        buttonClass="btn-primary lg:mt-6"
        onSearch={() => {
          const checked = form.check(auditFilters);
          if (!checked) return;
          setFilters(checked);
          onPage(1);
        }}
      >
        <TextFilter label={t('audits.filters.requestId')} {...filter('request_id')} />
        <TextFilter
          label={t('audits.filters.action')}
          placeholder={t('audits.filters.actionExample')}
          {...filter('action')}
        />
        <TextFilter label={t('audits.filters.actorId')} {...filter('actor_id')} />
        <SelectFilter
          id="field-actor_type"
          label={t('audits.filters.actorType')}
          value={form.values.actor_type ?? ''}
          onChange={(value) => form.set('actor_type', value)}
          error={form.fieldError('actor_type')}
          options={[
            { value: '', label: t('filters.all') },
            ...AUDIT_ACTOR_TYPES.map((type) => ({ value: type, label: t(`actorType.${type}`) })),
          ]}
        />
      </SearchForm>

      <ExportButtons filters={filters} />

      <ListArea
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.audits}
        empty={t('audits.empty')}
      >
        {(audits, data) => (
          <>
            <p className="mb-3 text-sm font-medium text-stone-700">
              {t('audits.total', {
                count: data.total,
                formatted: new Intl.NumberFormat(i18n.language).format(data.total),
              })}
            </p>
            <DataList
              wide
              rows={audits}
              cardClass="card p-4"
              card={(audit) => <ColumnFields columns={columns} row={audit} />}
              tableClass="w-full text-left text-sm"
              columns={columns}
            />
          </>
        )}
      </ListArea>
    </TabSection>
  );
}

/** CSV and NDJSON of the filtered trail; the pressed button shows that the export runs. */
function ExportButtons({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation('admin');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const exporting = useExportAudits();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" aria-live="polite">
      <span className="text-sm font-medium text-stone-700">{t('audits.export')}</span>
      {EXPORT_FORMATS.map((format) => {
        const running = exporting.isPending && exporting.variables?.format === format;
        return (
          <button
            key={format}
            type="button"
            className="btn-secondary min-h-10 px-3 text-sm"
            disabled={exporting.isPending}
            aria-busy={running}
            onClick={() =>
              exporting.mutate(
                { filters, format },
                {
                  onSuccess: () =>
                    notify('success', t('notices.exported', { format: format.toUpperCase() })),
                  onError: (error) =>
                    notify('error', `${t('notices.exportFailed')} ${errorText(error)}`),
                },
              )
            }
          >
            {running ? (
              <Spinner label={t('audits.exporting')} />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            {running
              ? t('audits.exportingFormat', { format: format.toUpperCase() })
              : t(`audits.exportAs.${format}`)}
          </button>
        );
      })}
    </div>
  );
}
