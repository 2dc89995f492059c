import { useTranslation } from '../../../client/i18n/react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { useDeleteRequest } from './requests.api';

/**
 * Deletes a request after a confirmation that says exactly what goes with it (the files and
 * every bid); `onDeleted` runs once it is gone and the lists show it.
 */
export function useConfirmDeleteRequest() {
  const { t } = useTranslation('requests');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const deleteRequest = useDeleteRequest();
  const remove = async (
    request: { id: string; title: string; attachmentCount: number },
    onDeleted?: () => void,
  ) => {
    const yes = await confirm({
      title: t('details.deleteTitle'),
      message: request.attachmentCount
        ? t('details.deleteMessage', { title: request.title, count: request.attachmentCount })
        : t('details.deleteMessageNoFiles', { title: request.title }),
      confirmLabel: t('details.delete'),
      dismissLabel: t('details.keep'),
      destructive: true,
    });
    if (!yes) return;
    deleteRequest.mutate(request.id, {
      onSuccess: () => {
        notify('success', t('details.deleted'));
        onDeleted?.();
      },
      onError: (error) => notify('error', `${t('details.deleteFailed')} ${errorText(error)}`),
    });
  };
  return { remove, isPending: deleteRequest.isPending };
}
