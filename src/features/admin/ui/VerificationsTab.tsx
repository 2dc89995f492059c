import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { VerificationDialog } from './VerificationDialog';
import { useAdminVerifications, type AdminVerificationRow } from './verifications.api';
import {
  QueueList,
  TabSection,
  formatDateTime,
  type Column,
  type TabProps,
  ViewButton,
} from './parts';

/**
 * Providers' documents waiting for a check (docs/admin.md "Verifications"), oldest first, with
 * the IČO they entered. Opening one shows it (audited); from there it is approved until a date
 * or rejected with a reason.
 */
export function VerificationsTab({ page, onPage }: TabProps) {
  const { t, i18n } = useTranslation(['verifications', 'admin']);
  const [opened, setOpened] = useState<string | undefined>();
  const list = useAdminVerifications(page);

  const open = (row: AdminVerificationRow) => (
    <ViewButton
      label={t('admin.view')}
      about={row.providerName}
      onClick={() => setOpened(row.id)}
    />
  );
  const columns: Column<AdminVerificationRow>[] = [
    {
      key: 'uploaded',
      header: t('admin.uploadedAt'),
      cellClass: 'p-3 whitespace-nowrap',
      cell: (row) => formatDateTime(row.uploadedAt, i18n.language),
    },
    {
      key: 'provider',
      header: t('admin.provider'),
      cellClass: 'p-3 break-words',
      cell: (row) => row.providerName,
    },
    {
      key: 'document',
      header: t('admin.document'),
      cellClass: 'p-3',
      cell: (row) => t(`kindTitles.${row.kind}`),
    },
    {
      key: 'ico',
      header: t('admin.ico'),
      cellClass: 'p-3 whitespace-nowrap',
      cell: (row) => row.ico ?? t('admin.noIco'),
    },
  ];

  return (
    <TabSection name="verifications" title={t('admin:tabs.verifications')}>
      <p className="mb-3 text-sm text-stone-700">{t('admin.intro')}</p>
      <QueueList
        query={list}
        page={page}
        onPage={onPage}
        items={(data) => data.documents}
        empty={t('admin.empty')}
        columns={columns}
        open={open}
      />
      {opened && <VerificationDialog id={opened} onClose={() => setOpened(undefined)} />}
    </TabSection>
  );
}
