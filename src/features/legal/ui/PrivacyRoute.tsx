import { PageLoading } from '../../../client/components/ui/PageLoading';
import { usePublicConfig } from '../../../client/usePublicConfig';
import { PrivacyPage } from './PrivacyPage';

const FALLBACK_SUPPORT_EMAIL = 'podpora@majstri.sk';

export function PrivacyRoute() {
  const config = usePublicConfig();
  if (config.isPending) return <PageLoading />;
  return <PrivacyPage supportEmail={config.data?.supportEmail ?? FALLBACK_SUPPORT_EMAIL} />;
}
