import { Spinner } from '../../../client/components/ui/Spinner';
import { usePublicConfig } from '../../../client/usePublicConfig';
import { useTranslation } from 'react-i18next';
import { PrivacyPage } from './PrivacyPage';

const FALLBACK_SUPPORT_EMAIL = 'podpora@majstri.sk';

export function PrivacyRoute() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  if (config.isPending) {
    return (
      <div className="container-page flex min-h-96 items-center justify-center">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  return <PrivacyPage supportEmail={config.data?.supportEmail ?? FALLBACK_SUPPORT_EMAIL} />;
}
