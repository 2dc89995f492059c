import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { adminKeys } from './admin.api';
import { AlertsTab } from './AlertsTab';
import { AuditsTab } from './AuditsTab';
import { RequestsTab } from './RequestsTab';
import { UsersTab } from './UsersTab';

export const ADMIN_TABS = ['requests', 'clients', 'providers', 'audits', 'alerts'] as const;
type Tab = (typeof ADMIN_TABS)[number];

const isTab = (value: string | null): value is Tab =>
  value !== null && (ADMIN_TABS as readonly string[]).includes(value);

/**
 * /admin?tab=…&page=… (spec accounts §2 "Admin dashboard"): five tabs, each with its own search
 * form, results and pagination. The page number is in the address only above 1. Switching tabs
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
      <div
        role="tablist"
        aria-label={t('tabsLabel')}
        className="mt-6 flex flex-wrap gap-x-1 border-b border-stone-200"
      >
        {ADMIN_TABS.map((name) => (
          <button
            key={name}
            id={`admin-tab-${name}`}
            type="button"
            role="tab"
            tabIndex={tab === name ? 0 : -1}
            aria-selected={tab === name}
            aria-controls={`admin-panel-${name}`}
            onClick={() => goTab(name)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const index = ADMIN_TABS.indexOf(name);
              const next = ADMIN_TABS[(index + step + ADMIN_TABS.length) % ADMIN_TABS.length]!;
              goTab(next);
              document.getElementById(`admin-tab-${next}`)?.focus();
            }}
            className={`-mb-px min-h-11 border-b-2 px-3 text-sm font-semibold whitespace-nowrap sm:px-4 ${
              tab === name
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
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
        {tab === 'audits' && <AuditsTab page={page} onPage={goPage} />}
        {tab === 'alerts' && <AlertsTab page={page} onPage={goPage} />}
      </div>
    </div>
  );
}
