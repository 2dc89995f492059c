import { useTranslation } from '../../../client/i18n/react';
import { TabList } from '../../../client/components/ui/TabList';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import type { Role } from '../../../shared/statuses';
import { ClientProfileTab } from './ClientProfileTab';
import { ProviderProfileTab } from '../../providers/ui/ProviderProfileTab';
import { ProfileChecklist } from '../../providers/ui/ProfileChecklist';
import { FavouritesTab } from '../../providers/ui/FavouritesTab';
import { MyBidsTab } from '../../requests/ui/MyBidsTab';
import { SecurityTab } from './SecurityTab';
import { MyRequestsTab } from '../../requests/ui/MyRequestsTab';
import { NotificationSettingsTab } from '../../notifications/ui/NotificationSettingsTab';
import { LeadAlertsTab } from '../../leads/ui/LeadAlertsTab';
import { useSession } from './session';

type Tab = 'profile' | 'leads' | 'requests' | 'favourites' | 'bids' | 'notifications' | 'security';

/**
 * Tabs by role (spec core §2 "My profile", the notifications of issue 29 and a provider's job
 * alerts of issue 31); the tab lives in the URL (?tab=…).
 */
function tabsFor(role: Role): Tab[] {
  if (role === 'administrator') return ['security', 'notifications'];
  return role === 'client'
    ? ['profile', 'requests', 'favourites', 'notifications', 'security']
    : ['profile', 'leads', 'bids', 'notifications', 'security'];
}

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('title'));
  if (!user) return null;
  const tabs = tabsFor(user.role);
  const requested = params.get('tab') as Tab | null;
  const tab = requested && tabs.includes(requested) ? requested : tabs[0]!;

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <TabList
        tabs={tabs}
        current={tab}
        onSelect={(name) => setParams(name === tabs[0] ? {} : { tab: name })}
        label={t('tabsLabel')}
        labelOf={(name) => t(`tabs.${name}`)}
        className="mt-6 flex flex-wrap gap-x-1"
      />
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6">
        {tab === 'profile' && user.role === 'provider' && (
          <div className="mb-6">
            <ProfileChecklist user={user} />
          </div>
        )}
        {tab === 'profile' &&
          (user.role === 'client' ? (
            <ClientProfileTab user={user} />
          ) : (
            <ProviderProfileTab user={user} />
          ))}
        {tab === 'leads' && <LeadAlertsTab />}
        {tab === 'requests' && <MyRequestsTab />}
        {tab === 'favourites' && <FavouritesTab />}
        {tab === 'bids' && <MyBidsTab providerId={user.id} />}
        {tab === 'notifications' && <NotificationSettingsTab role={user.role} />}
        {tab === 'security' && <SecurityTab user={user} />}
      </div>
    </div>
  );
}
