import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { useSession, type SessionUser } from './session';

/**
 * A person who disabled their own account proves who they are (password or Google) and is
 * then offered to turn it back on; the server remembers that proof for ten minutes.
 */
export function useReenable() {
  const { t } = useTranslation('auth');
  const confirm = useConfirm();
  const notify = useNotify();
  const errorText = useApiErrorText();
  const { setUser } = useSession();
  const navigate = useNavigate();
  return async () => {
    const yes = await confirm({
      title: t('reenable.title'),
      message: t('reenable.message'),
      confirmLabel: t('reenable.confirm'),
    });
    if (!yes) return false;
    try {
      const { user } = await api<{ user: SessionUser }>('/users/enable', { method: 'POST' });
      setUser(user);
      notify.notify('success', t('reenable.success'));
      navigate('/');
      return true;
    } catch (error) {
      notify.notify('error', errorText(error));
      return false;
    }
  };
}
