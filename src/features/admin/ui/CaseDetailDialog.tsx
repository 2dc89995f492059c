import { useState, type FormEvent } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { COMPLETION_NOTE_MAX } from '../../requests/completion.schema';
import type { DisputeOutcome } from '../../requests/requests.rules';
import { BidVersions } from '../../requests/ui/BidHistory';
import { BidLinesTable } from '../../requests/ui/BidLinesTable';
import { completionFileUrl } from '../../requests/ui/completion.api';
import { useAdminCase, useDecideCase, type AdminCaseDetail } from './cases.api';
import { AdminDialog, Field, formatDateTime } from './parts';
import { AuditedDetail } from './AuditedDetail';
import { ThreadMessages } from './ThreadMessages';

/** Files of a step that the browser shows as pictures (checked by their bytes at upload). */
const PICTURES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

type StepFileView = AdminCaseDetail['completion']['steps'][number]['files'][number];

/** A photo of a step as a small picture opening the whole photo; any other file as a link. */
function StepFile({ requestId, file }: { requestId: string; file: StepFileView }) {
  const { t } = useTranslation('caseBid');
  const href = completionFileUrl(requestId, file.id, true);
  if (!PICTURES.has(file.mimeType)) {
    return (
      <a
        className="inline-flex min-h-11 items-center text-sm text-brand-700 underline [overflow-wrap:anywhere]"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {file.filename}
      </a>
    );
  }
  return (
    <a
      className="block size-24 overflow-hidden rounded-lg border border-stone-200 bg-stone-100"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('photo', { name: file.filename })}
    >
      <img
        src={href}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className="size-full object-cover"
      />
    </a>
  );
}

/** The hired bid's price now (its lines) and every version of it, newest first. */
function BidPrice({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation('caseBid');
  const bid = detail.bid;
  if (!bid) return null;
  return (
    <section aria-labelledby="case-bid-price">
      <h3 id="case-bid-price" className="font-semibold">
        {t('price')}
      </h3>
      <BidLinesTable lines={bid.lines} totalCents={bid.amountCents} />
      {detail.bidRevisions.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold">{t('history')}</h4>
          <BidVersions versions={detail.bidRevisions} />
        </>
      )}
    </section>
  );
}

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
          {step.files.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2">
              {step.files.map((file) => (
                <li key={file.id}>
                  <StepFile requestId={detail.workRequest.id} file={file} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
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
 * One case: the request, both sides with their contacts, the bid it was given to with its lines
 * and the versions of its price, both sides'
 * words and photos, their thread, and the decision. The server records every look in the audit
 * trail, and the dialog says so.
 */
export function CaseDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['completion', 'admin']);
  const detail = useAdminCase(id);
  return (
    <AdminDialog title={t('cases.detailTitle')} onClose={onClose}>
      <AuditedDetail query={detail} loadFailed={t('cases.loadFailed')} audited={t('cases.audited')}>
        {(data) => (
          <>
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
              <Field
                label={t('cases.bid')}
                className="whitespace-pre-wrap [overflow-wrap:anywhere]"
              >
                {data.bid
                  ? `${formatEuro(data.bid.amountCents, i18n.language as Language)} · ${data.bid.description}`
                  : '–'}
              </Field>
            </dl>
            <BidPrice detail={data} />
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
                <ThreadMessages
                  messages={data.thread.messages}
                  roleLabel={(role) => t(`roles.${role}`)}
                />
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
          </>
        )}
      </AuditedDetail>
    </AdminDialog>
  );
}
