import { ClipboardCheck, History } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { COMPLETION_NOTE_MAX } from '../../requests/completion.schema';
import type { DisputeOutcome } from '../../requests/requests.rules';
import { BidHistory } from '../../requests/ui/BidHistory';
import { completionFileUrl } from '../../requests/ui/completion.api';
import { useAdminCase, useDecideCase, type AdminCaseDetail } from './cases.api';
import { AdminDialog, Field, formatDateTime } from './parts';

/** Both sides' words and the decisions so far, oldest first. */
function Steps({ detail }: { detail: AdminCaseDetail }) {
  const { t, i18n } = useTranslation('completion');
  return (
    <ol className="flex flex-col gap-3">
      {detail.completion.steps.map((step) => (
        <li key={step.id} className="rounded-lg border border-stone-200 p-3">
          <p className="flex flex-wrap gap-x-2 text-xs text-stone-600">
            <span className="font-semibold text-stone-800">
              {t(`steps.${step.kind}`, { who: t(`roles.${step.authorRole ?? 'gone'}`) })}
            </span>
            <time dateTime={step.createdAt}>{formatDateTime(step.createdAt, i18n.language)}</time>
          </p>
          {step.reason && (
            <p className="text-sm">
              {t(step.kind === 'decision' ? `outcomes.${step.reason}` : `reasons.${step.reason}`)}
            </p>
          )}
          {step.note && (
            <p className="mt-1 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{step.note}</p>
          )}
          {step.files.map((file) => (
            <a
              key={file.id}
              className="mr-3 inline-flex min-h-11 items-center text-sm text-brand-700 underline"
              href={completionFileUrl(detail.workRequest.id, file.id, true)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {file.filename}
            </a>
          ))}
        </li>
      ))}
    </ol>
  );
}

/** Every version of the hired bid (its lines, prices and dates), one click away. */
function BidVersions({ bidId }: { bidId: string }) {
  const { t } = useTranslation('bidPrices');
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <History aria-hidden="true" className="size-4" />
        {t(open ? 'history.hide' : 'history.show')}
      </button>
      {open && <BidHistory bidId={bidId} />}
    </div>
  );
}

/** The administrator's decision: an outcome and a note both sides read. */
function DecisionForm({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation('completion');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const decide = useDecideCase();
  const [outcome, setOutcome] = useState<DisputeOutcome | ''>('');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return;
    decide.mutate(
      { id: detail.workRequest.id, outcome, note },
      {
        onSuccess: () => notify('success', t('cases.decided')),
        onError: (error) => notify('error', errorText(error)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('cases.decide')}</legend>
        {detail.allowedActions.map((action) => (
          <label key={action} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="outcome"
              value={action}
              required
              checked={outcome === action}
              onChange={() => setOutcome(action)}
            />
            {t(`cases.actions.${action}`)}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('cases.note')}
        <textarea
          className="min-h-24 rounded-lg border border-stone-300 bg-white px-3 py-2"
          required
          maxLength={COMPLETION_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={decide.isPending}>
        {t('cases.submit')}
      </button>
    </form>
  );
}

/**
 * One case: the request, both sides with their contacts, the bid it was given to with its
 * versions, both sides' words and photos, their thread, and the decision. The server records
 * every look in the audit trail, and the dialog says so.
 */
export function CaseDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['completion', 'admin']);
  const errorText = useApiErrorText();
  const detail = useAdminCase(id);
  const data = detail.data;
  return (
    <AdminDialog title={t('cases.detailTitle')} onClose={onClose}>
      {detail.isPending ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label={t('admin:loading')} />
        </div>
      ) : !data ? (
        <p role="alert" className="mt-4 text-red-800">
          {`${t('cases.loadFailed')} ${errorText(detail.error)}`}
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-4">
          <p className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
            <ClipboardCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('cases.audited')}
          </p>
          <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
            <Field label={t('cases.request')} className="[overflow-wrap:anywhere]">
              {data.workRequest.title}
            </Field>
            <Field label={t('cases.client')} className="[overflow-wrap:anywhere]">
              {data.workRequest.client
                ? `${data.workRequest.client.name} · ${data.workRequest.client.email}`
                : '–'}
            </Field>
            <Field label={t('cases.provider')} className="[overflow-wrap:anywhere]">
              {data.workRequest.provider
                ? `${data.workRequest.provider.name} · ${data.workRequest.provider.email}`
                : '–'}
            </Field>
            <Field label={t('cases.bid')} className="whitespace-pre-wrap [overflow-wrap:anywhere]">
              {data.bid
                ? `${formatEuro(Math.round(data.bid.amount * 100), i18n.language as Language)} · ${data.bid.description}`
                : '–'}
            </Field>
          </dl>
          {data.bid && <BidVersions bidId={data.bid.id} />}
          <section aria-labelledby="case-steps">
            <h3 id="case-steps" className="mb-2 font-semibold">
              {t('cases.words')}
            </h3>
            <Steps detail={data} />
          </section>
          <section aria-labelledby="case-thread">
            <h3 id="case-thread" className="mb-2 font-semibold">
              {t('cases.thread')}
            </h3>
            {data.thread ? (
              <ol className="flex flex-col gap-2">
                {data.thread.messages.map((message) => (
                  <li key={message.id} className="rounded-lg border border-stone-200 p-3">
                    <p className="flex flex-wrap gap-x-2 text-xs text-stone-600">
                      <span className="font-semibold text-stone-800">
                        {t(`roles.${message.senderRole}`)}
                      </span>
                      <time dateTime={message.createdAt}>
                        {formatDateTime(message.createdAt, i18n.language)}
                      </time>
                    </p>
                    <p className="mt-1 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {message.text}
                    </p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-stone-600">{t('cases.noThread')}</p>
            )}
          </section>
          {data.allowedActions.length > 0 ? (
            <DecisionForm detail={data} />
          ) : (
            <p className="text-sm text-stone-700">{t('cases.closed')}</p>
          )}
          <div className="flex justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t('cases.dismiss')}
            </button>
          </div>
        </div>
      )}
    </AdminDialog>
  );
}
