import { useNavigate } from 'react-router';
import { useTranslation } from '../../../client/i18n/react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { needsSecondFactor, useEnableAccount } from './accounts.api';

/**
 * A person who disabled their own account proves who they are (password or Google) and is
 * then offered to turn it back on; the server remembers that proof for ten minutes.
 * Answers whether the account is on again (and opens `returnTo`), or that it is on and its
 * sign-in owes a code.
 */
export function useReenable(returnTo = '/') {
  const { t } = useTranslation('auth');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const enable = useEnableAccount();
  const navigate = useNavigate();
  return async (): Promise<boolean | 'second_factor'> => {
    const yes = await confirm({
      title: t('reenable.title'),
      message: t('reenable.message'),
      confirmLabel: t('reenable.confirm'),
    });
    if (!yes) return false;
    return enable.mutateAsync().then(
      (answer) => {
        notify('success', t('reenable.success'));
        if (needsSecondFactor(answer)) return 'second_factor' as const;
        navigate(returnTo);
        return true;
      },
      (error: unknown) => {
        notify('error', errorText(error));
        return false;
      },
    );
  };
}
