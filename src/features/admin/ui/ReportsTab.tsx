import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { REPORT_STATUSES } from '../../conversations/conversations.schema';
import {
  QueueList,
  TabSection,
  formatDateTime,
  type Column,
  type TabProps,
  ViewButton,
} from './parts';
import { ReportDetailDialog } from './ReportDetailDialog';
import { ReportPersonCell, ReportStatusBadge } from './report-parts';
import { useAdminReports, type AdminReport, type ReportStatus } from './reports.api';
import { SearchForm, SelectFilter } from './search-form';

const isStatus = (value: string): value is ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(value);

/**
 * Reports of conversations (docs/conversations.md), open or closed, newest first. Opening one
 * shows the reported messages (the server records every look in the audit trail), and from
 * there the report can be closed or the reported person's account disabled.
 */
export function ReportsTab({ page, onPage }: TabProps) {
  const { t, i18n } = useTranslation(['admin', 'conversations']);
  const [draft, setDraft] = useState<ReportStatus>('open');
  const [status, setStatus] = useState<ReportStatus>('open');
  const [opened, setOpened] = useState<string | undefined>();
  const list = useAdminReports(status, page);

  const open = (report: AdminReport) => (
    <ViewButton
      label={t('reports.view')}
      about={report.requestTitle}
      onClick={() => setOpened(report.id)}
    />
  );
  const columns: Column<AdminReport>[] = [
    {
      key: 'created',
      header: t('reports.columns.created'),
      cellClass: 'p-3 whitespace-nowrap',
      cell: (report) => formatDateTime(report.createdAt, i18n.language),
    },
    {
      key: 'reason',
      header: t('reports.columns.reason'),
      cell: (report) => t(`conversations:report.reasons.${report.reason}`),
    },
    {
      key: 'reported',
      header: t('reports.columns.reported'),
      cell: (report) => <ReportPersonCell person={report.reported} withStatus />,
    },
    {
      key: 'reporter',
      header: t('reports.columns.reporter'),
      cell: (report) => <ReportPersonCell person={report.reporter} />,
    },
    {
      key: 'request',
      header: t('reports.columns.request'),
      cellClass: 'p-3 break-words',
      cell: (report) => report.requestTitle,
    },
    {
      key: 'status',
      header: t('reports.columns.status'),
      cell: (report) => <ReportStatusBadge status={report.status} />,
    },
  ];

  return (
    <TabSection name="reports" title={t('tabs.reports')}>
      <SearchForm
        className="sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end sm:justify-start"
        onSearch={() => {
          setStatus(draft);
          onPage(1);
        }}
      >
        <SelectFilter
          id="admin-reports-status"
          label={t('reports.status')}
          value={draft}
          onChange={(value) => isStatus(value) && setDraft(value)}
          options={REPORT_STATUSES.map((value) => ({
            value,
            label: t(`reports.statuses.${value}`),
          }))}
        />
      </SearchForm>
      <QueueList
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.reports}
        empty={t(status === 'open' ? 'reports.emptyOpen' : 'reports.emptyClosed')}
        columns={columns}
        open={open}
        wide
      />
      {opened && <ReportDetailDialog id={opened} onClose={() => setOpened(undefined)} />}
    </TabSection>
  );
}
