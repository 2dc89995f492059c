import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../client/i18n/react';
import { TabList } from '../../../client/components/ui/TabList';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { adminKeys } from './admin.api';
import { AlertsTab } from './AlertsTab';
import { AuditsTab } from './AuditsTab';
import { CasesTab } from './CasesTab';
import { ReportsTab } from './ReportsTab';
import { RequestsTab } from './RequestsTab';
import { TwoFactorPrompt } from './TwoFactorPrompt';
import { UsersTab } from './UsersTab';
import { VerificationsTab } from './VerificationsTab';

export const ADMIN_TABS = [
  'requests',
  'clients',
  'providers',
  'reports',
  'cases',
  'verifications',
  'audits',
  'alerts',
] as const;
type Tab = (typeof ADMIN_TABS)[number];

const isTab = (value: string | null): value is Tab =>
  value !== null && (ADMIN_TABS as readonly string[]).includes(value);

/**
 * /admin?tab=…&page=… (spec accounts §2 "Admin dashboard"): the spec's five tabs and the reports
 * of conversations, each with its own search form, results and pagination. The page number is in the address only above 1. Switching tabs
 * forgets the filters (they live in the tab, which is mounted afresh), the data and the page.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'requests';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  useDocumentTitle(t('title'));

  const goPage = (next: number) => {
    const search = new URLSearchParams({ tab });
    if (next > 1) search.set('page', String(next));
    setParams(search);
    window.scrollTo({ top: 0 });
  };
  const goTab = (next: Tab) => {
    if (next === tab) return;
    queryClient.removeQueries({ queryKey: adminKeys.all });
    setParams({ tab: next });
  };

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <TwoFactorPrompt />
      <TabList
        tabs={ADMIN_TABS}
        current={tab}
        onSelect={goTab}
        label={t('tabsLabel')}
        labelOf={(name) => t(`tabs.${name}`)}
        idPrefix="admin-"
        className="mt-6 flex flex-wrap gap-x-1"
      />
      <div
        key={tab}
        id={`admin-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`admin-tab-${tab}`}
        className="mt-6"
      >
        {tab === 'requests' && <RequestsTab page={page} onPage={goPage} />}
        {tab === 'clients' && <UsersTab userType="client" page={page} onPage={goPage} />}
        {tab === 'providers' && <UsersTab userType="provider" page={page} onPage={goPage} />}
        {tab === 'reports' && <ReportsTab page={page} onPage={goPage} />}
        {tab === 'cases' && <CasesTab page={page} onPage={goPage} />}
        {tab === 'verifications' && <VerificationsTab page={page} onPage={goPage} />}
        {tab === 'audits' && <AuditsTab page={page} onPage={goPage} />}
        {tab === 'alerts' && <AlertsTab page={page} onPage={goPage} />}
      </div>
    </div>
  );
}
