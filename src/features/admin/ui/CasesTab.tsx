import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { CaseDetailDialog } from './CaseDetailDialog';
import { useAdminCases, type AdminCase } from './cases.api';
import {
  QueueList,
  TabSection,
  formatDateTime,
  type Column,
  type TabProps,
  ViewButton,
} from './parts';

/**
 * Disputed jobs (docs/admin.md "Cases"), the longest waiting first. Opening one shows both sides'
 * words and their thread (the server records every look in the audit trail); from there it is
 * completed, cancelled or reopened for bids, with a note to both sides.
 */
export function CasesTab({ page, onPage }: TabProps) {
  // The bid's versions in a case speak bidPrices: loaded with the tab, so a case never waits for them.
  const { t, i18n } = useTranslation(['completion', 'admin', 'bidPrices']);
  const [opened, setOpened] = useState<string | undefined>();
  const list = useAdminCases(page);

  const open = (row: AdminCase) => (
    <ViewButton label={t('cases.view')} about={row.title} onClick={() => setOpened(row.id)} />
  );
  const columns: Column<AdminCase>[] = [
    {
      key: 'reported',
      header: t('cases.reportedAt'),
      cellClass: 'p-3 whitespace-nowrap',
      cell: (row) => (row.reportedAt ? formatDateTime(row.reportedAt, i18n.language) : '–'),
    },
    {
      key: 'request',
      header: t('cases.request'),
      cellClass: 'p-3 break-words',
      cell: (row) => row.title,
    },
  ];

  return (
    <TabSection name="cases" title={t('admin:tabs.cases')}>
      <QueueList
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.cases}
        empty={t('cases.empty')}
        columns={columns}
        open={open}
      />
      {opened && <CaseDetailDialog id={opened} onClose={() => setOpened(undefined)} />}
    </TabSection>
  );
}
