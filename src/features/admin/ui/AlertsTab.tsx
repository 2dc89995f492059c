import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Spinner } from '../../../client/components/ui/Spinner';
import { ALERT_TYPES } from '../../../shared/statuses';
import { useAdminAlerts, useAdminMetrics, type AlertFilters } from './admin.api';
import { MetricsChart } from './MetricsChart';
import { DataList, ListArea, TabSection, formatDateTime, type TabProps } from './parts';
import { SearchForm, SelectFilter } from './search-form';

/** The four counters, the last hour per minute, and the alerts filtered by type. */
export function AlertsTab({ page, onPage }: TabProps) {
  const { t, i18n } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<AlertFilters>({});
  const list = useAdminAlerts(filters, page);
  const when = (alert: { timestamp: string }) =>
    formatDateTime(alert.timestamp, i18n.language, true);

  return (
    <TabSection name="alerts" title={t('tabs.alerts')}>
      <Metrics />
      <SearchForm
        className="mt-6 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end sm:justify-start"
        onSearch={() => {
          setFilters({ type: draft || undefined });
          onPage(1);
        }}
      >
        <SelectFilter
          id="admin-alerts-type"
          label={t('alerts.type')}
          value={draft}
          onChange={setDraft}
          options={[
            { value: '', label: t('filters.all') },
            ...ALERT_TYPES.map((type) => ({ value: type, label: t(`alertType.${type}`) })),
          ]}
        />
      </SearchForm>
      <ListArea
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.alerts}
        empty={t('alerts.empty')}
      >
        {(alerts) => (
          <DataList
            rows={alerts}
            cardClass="card flex flex-col gap-1 p-4 text-sm"
            card={(alert) => (
              <>
                <span className="flex flex-wrap items-center gap-2">
                  <AlertTypeBadge type={alert.type} />
                  <span className="text-stone-600">{when(alert)}</span>
                </span>
                <span className="break-words">{alert.message}</span>
              </>
            )}
            columns={[
              {
                key: 'timestamp',
                header: t('alerts.timestamp'),
                headerClass: 'w-48 p-3',
                cellClass: 'p-3 whitespace-nowrap',
                cell: when,
              },
              {
                key: 'type',
                header: t('alerts.type'),
                headerClass: 'w-40 p-3',
                cell: (alert) => <AlertTypeBadge type={alert.type} />,
              },
              {
                key: 'message',
                header: t('alerts.message'),
                cellClass: 'p-3 break-words',
                cell: (alert) => alert.message,
              },
            ]}
          />
        )}
      </ListArea>
    </TabSection>
  );
}

function AlertTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      {t(`alertType.${type}`)}
    </span>
  );
}

/** Spec accounts §9: 4xx and 5xx in the last minute; lockouts and email failures in the last 10. */
function Metrics() {
  const { t, i18n } = useTranslation('admin');
  const metrics = useAdminMetrics();
  if (metrics.isPending)
    return (
      <div className="flex min-h-32 items-center justify-center">
        <Spinner label={t('loading')} />
      </div>
    );
  if (metrics.isError)
    return (
      <p role="alert" className="card p-6 text-center font-medium">
        {t('apiConnectionError')}
      </p>
    );
  const { last1m, last10m } = metrics.data.rates.windowTotals;
  const number = new Intl.NumberFormat(i18n.language);
  const counters = [
    { key: 'errors4xx', value: last1m['4xx'] },
    { key: 'errors5xx', value: last1m['5xx'] },
    { key: 'lockouts', value: last10m.lockouts },
    { key: 'emailFailures', value: last10m.emailFailures },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counters.map((counter) => (
          <div key={counter.key} className="card flex flex-col-reverse justify-end gap-1 p-4">
            <dt className="text-sm text-stone-700">{t(`alerts.counters.${counter.key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums">{number.format(counter.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        <MetricsChart perMinute={metrics.data.perMinute} />
      </div>
    </>
  );
}
