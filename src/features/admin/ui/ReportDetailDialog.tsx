import { UserX } from 'lucide-react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { AdminDialog, Field, formatDateTime } from './parts';
import { ReportPersonCell, ReportStatusBadge } from './report-parts';
import {
  useAdminReport,
  useCloseReport,
  useDisableReported,
  type AdminReportDetail,
} from './reports.api';
import { AuditedDetail } from './AuditedDetail';
import { ThreadMessages } from './ThreadMessages';

/** The messages copied into the report when it was made, oldest first, by role and time. */
function ReportedMessages({ detail }: { detail: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  if (detail.messages.length === 0)
    return <p className="text-sm text-stone-600">{t('reports.noMessages')}</p>;
  return (
    <ThreadMessages messages={detail.messages} roleLabel={(role) => t(`reports.role.${role}`)} />
  );
}

/**
 * One report: why it was made, by whom, about whom, the reported messages, and what the
 * administrator can do: close it, or disable the reported person's account. Opening it is
 * recorded in the audit trail by the server, and the dialog says so.
 */
export function ReportDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'conversations']);
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const detail = useAdminReport(id);
  const close = useCloseReport();
  const disable = useDisableReported();
  const report = detail.data?.report;
  const reported = report?.reported;

  const closeReport = async () => {
    if (!report) return;
    const yes = await confirm({
      title: t('reports.closeTitle'),
      message: t('reports.closeMessage'),
      confirmLabel: t('reports.close'),
    });
    if (!yes) return;
    close.mutate(report.id, {
      onSuccess: () => notify('success', t('reports.closed')),
      onError: (error) => notify('error', `${t('reports.closeFailed')} ${errorText(error)}`),
    });
  };

  const disableReported = async () => {
    if (!report || !reported) return;
    const yes = await confirm({
      title: t('users.disableTitle'),
      message: t('users.disableMessage', { name: reported.name }),
      confirmLabel: t('actions.disable'),
      destructive: true,
    });
    if (!yes) return;
    disable.mutate(
      { reportId: report.id, person: reported },
      {
        onSuccess: () => notify('success', t('notices.disabled', { name: reported.name })),
        onError: (error) => notify('error', `${t('notices.statusFailed')} ${errorText(error)}`),
      },
    );
  };

  return (
    <AdminDialog title={t('reports.detailTitle')} onClose={onClose}>
      <AuditedDetail
        query={detail}
        loadFailed={t('reports.loadFailed')}
        audited={t('reports.audited')}
      >
        {(data) => (
          <>
            <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              <Field label={t('reports.columns.status')}>
                <ReportStatusBadge status={data.report.status} />
              </Field>
              <Field label={t('reports.columns.created')}>
                {formatDateTime(data.report.createdAt, i18n.language)}
              </Field>
              <Field label={t('reports.columns.reason')}>
                {t(`conversations:data.report.reasons.${data.report.reason}`)}
              </Field>
              <Field
                label={t('reports.note')}
                className="whitespace-pre-wrap [overflow-wrap:anywhere]"
              >
                {data.report.note ?? t('reports.noNote')}
              </Field>
              <Field label={t('reports.columns.reported')}>
                <ReportPersonCell person={data.report.reported} withStatus />
              </Field>
              <Field label={t('reports.columns.reporter')}>
                <ReportPersonCell person={data.report.reporter} />
              </Field>
              <Field label={t('reports.columns.request')} className="[overflow-wrap:anywhere]">
                {data.report.requestTitle}
              </Field>
            </dl>
            <section aria-labelledby="reported-messages">
              <h3 id="reported-messages" className="mb-2 font-semibold">
                {t('reports.messages')}
              </h3>
              {data.report.conversationId === null && (
                <p className="mb-2 text-sm text-stone-600">{t('reports.conversationGone')}</p>
              )}
              <ReportedMessages detail={data} />
            </section>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
              <button type="button" className="btn-secondary" onClick={onClose}>
                {t('reports.dismiss')}
              </button>
              {reported && reported.accountStatus !== 'disabled' && (
                <button
                  type="button"
                  className="btn-danger"
                  disabled={disable.isPending}
                  onClick={() => void disableReported()}
                >
                  <UserX aria-hidden="true" className="size-4 shrink-0" />
                  {t('reports.disable')}
                </button>
              )}
              {data.report.status === 'open' && (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={close.isPending}
                  onClick={() => void closeReport()}
                >
                  {t('reports.close')}
                </button>
              )}
            </div>
          </>
        )}
      </AuditedDetail>
    </AdminDialog>
  );
}
