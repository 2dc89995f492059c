import { useTranslation } from '../../../client/i18n/react';
import { Link } from 'react-router';
import { Notice } from '../../../client/components/ui/form';
import { useTwoFactorStatus } from '../../accounts/ui/two-factor.api';

/**
 * A call to action, not a block: an administrator without an authenticator is asked to add one
 * (docs/admin.md "Two-factor sign-in"). Once enrolled, no administrator session opens without it.
 */
export function TwoFactorPrompt() {
  const { t } = useTranslation('admin');
  const status = useTwoFactorStatus();
  if (!status.data || status.data.enabled) return null;
  return (
    <div className="mt-4">
      <Notice tone="warning">
        {t('twoFactorPrompt.text')}{' '}
        <Link to="/profile?tab=security" className="font-semibold underline">
          {t('twoFactorPrompt.link')}
        </Link>
      </Notice>
    </div>
  );
}
