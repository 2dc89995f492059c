import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { LEAD_ALERT_LIMIT } from '../leads.schema';
import { LeadAlertForm } from './LeadAlertForm';
import {
  draftOf,
  useLeadAlerts,
  useSaveLeadAlerts,
  type LeadAlert,
  type LeadAlertDraft,
} from './leads.api';

/** What an alert asks for, in a line or two. */
function AlertSummary({ alert }: { alert: LeadAlert }) {
  const { t } = useTranslation(['leads', 'categories']);
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words">
        {t('leads:summary.place', { place: alert.place.name, km: alert.radiusKm })}
      </p>
      <p className="mt-1 text-sm break-words text-stone-700">
        {alert.categories.map((category) => t(`categories:${category}`)).join(', ')}
      </p>
      {alert.words.length > 0 && (
        <p className="mt-1 text-sm break-words text-stone-700">
          {t('leads:summary.words', { words: alert.words.join(', ') })}
        </p>
      )}
      <p className="mt-1 text-sm text-stone-700">{t(`leads:frequency.${alert.frequency}`)}</p>
    </div>
  );
}

/**
 * The provider's job alerts (My profile → Job alerts): new requests that match one reach them
 * in the inbox, and by mail and push as their notification settings say (docs/leads.md).
 */
export function LeadAlertsTab() {
  const { t } = useTranslation('leads');
  const alerts = useLeadAlerts();
  const save = useSaveLeadAlerts();
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  /** The alert being edited (its id), a new one ('new'), or none. */
  const [editing, setEditing] = useState<string | null>(null);

  const list = alerts.data?.alerts ?? [];
  const write = (next: LeadAlertDraft[], done: string) =>
    save.mutate(next, {
      onSuccess: () => {
        setEditing(null);
        notify('success', done);
      },
      onError: (error) => notify('error', errorText(error)),
    });

  const saveOne = (draft: LeadAlertDraft) =>
    write(
      draft.id
        ? list.map((alert) => (alert.id === draft.id ? draft : draftOf(alert)))
        : [...list.map(draftOf), draft],
      t('saved'),
    );

  const remove = async (alert: LeadAlert) => {
    const sure = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { place: alert.place.name }),
      confirmLabel: t('delete.confirm'),
      destructive: true,
    });
    if (sure) write(list.filter((other) => other.id !== alert.id).map(draftOf), t('deleted'));
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="lead-alerts-title">
      <div className="card p-4 sm:p-6">
        <h2 id="lead-alerts-title" className="flex items-center gap-2 text-lg font-semibold">
          <BellRing aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t('intro')}</p>
      </div>
      {alerts.isPending ? (
        <div className="min-h-40">
          <Spinner label={t('loading')} />
        </div>
      ) : alerts.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorText(alerts.error)}
        </p>
      ) : (
        <>
          {list.length === 0 && editing !== 'new' && (
            <p className="card p-4 text-stone-700 sm:p-6">{t('empty')}</p>
          )}
          <ul className="flex flex-col gap-3">
            {list.map((alert) =>
              editing === alert.id ? (
                <li key={alert.id}>
                  <LeadAlertForm
                    initial={draftOf(alert)}
                    initialPlace={alert.place}
                    saving={save.isPending}
                    onSave={saveOne}
                    onCancel={() => setEditing(null)}
                  />
                </li>
              ) : (
                <li key={alert.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:p-6">
                  <div className="flex-1">
                    <AlertSummary alert={alert} />
                  </div>
                  <div className="flex flex-wrap gap-2 sm:flex-col">
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => setEditing(alert.id)}
                      aria-label={t('editLabel', { place: alert.place.name })}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="btn-danger"
                      disabled={save.isPending}
                      onClick={() => void remove(alert)}
                      aria-label={t('deleteLabel', { place: alert.place.name })}
                    >
                      {t('delete.button')}
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <LeadAlertForm
              saving={save.isPending}
              onSave={saveOne}
              onCancel={() => setEditing(null)}
            />
          ) : list.length < LEAD_ALERT_LIMIT ? (
            <div>
              <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
                {t('add')}
              </button>
            </div>
          ) : (
            <p className="text-sm text-stone-700">{t('limit', { max: LEAD_ALERT_LIMIT })}</p>
          )}
        </>
      )}
    </section>
  );
}
