import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';

/**
 * Deletes a request after a confirmation that says exactly what goes with it (the files and
 * every bid); answers whether it was deleted.
 */
export function useDeleteRequest() {
  const { t } = useTranslation('requests');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  return async (request: { id: string; title: string; attachmentCount: number }) => {
    const yes = await confirm({
      title: t('details.deleteTitle'),
      message: request.attachmentCount
        ? t('details.deleteMessage', { title: request.title, count: request.attachmentCount })
        : t('details.deleteMessageNoFiles', { title: request.title }),
      confirmLabel: t('details.delete'),
      destructive: true,
    });
    if (!yes) return false;
    try {
      await api(`/work-requests/${request.id}`, { method: 'DELETE' });
      notify('success', t('details.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['work-requests'] });
      return true;
    } catch (error) {
      notify('error', `${t('details.deleteFailed')} ${errorText(error)}`);
      return false;
    }
  };
}
