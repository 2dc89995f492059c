import { CheckCircle2, FileText, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import type { Role } from '../../../shared/statuses';
import { COMPLETION_NOTE_MAX, PROBLEM_REASONS, PROBLEM_TEXT_MIN } from '../completion.schema';
import { AttachmentPicker } from './AttachmentPicker';
import {
  completionFileUrl,
  useCompletion,
  useCompletionStep,
  type Completion,
} from './completion.api';
import type { RequestDetail } from './requests.api';

/** Bytes sent of each file, as a share of the whole form, for the picker's progress bars. */
const progressOf = (files: File[], sent: number, total: number) =>
  files.map(() => (total > 0 ? sent / total : 0));

function Steps({ requestId, completion }: { requestId: string; completion: Completion }) {
  const { t, i18n } = useTranslation('completion');
  const language = i18n.language as Language;
  if (completion.steps.length === 0) return null;
  return (
    <ol className="mt-3 flex flex-col gap-3">
      {completion.steps.map((step) => (
        <li key={step.id} className="rounded-lg border border-stone-200 p-3">
          <p className="text-sm font-semibold">
            {t(`steps.${step.kind}`, { who: t(`roles.${step.authorRole ?? 'gone'}`) })}
            <span className="ml-2 font-normal text-stone-600">
              {formatDate(step.createdAt, language)}
            </span>
          </p>
          {step.reason && (
            <p className="text-sm text-stone-700">
              {t(step.kind === 'decision' ? `outcomes.${step.reason}` : `reasons.${step.reason}`)}
            </p>
          )}
          {step.note && <p className="mt-1 text-sm whitespace-pre-line break-words">{step.note}</p>}
          {step.files.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2">
              {step.files.map((file) => (
                <li key={file.id}>
                  <a
                    className="inline-flex min-h-11 items-center gap-1.5 text-sm text-brand-700 underline"
                    href={completionFileUrl(requestId, file.id, true)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <FileText aria-hidden="true" className="size-4" />
                    {file.filename}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The provider's "done": an optional note and photos. */
function MarkDoneForm({ request }: { request: RequestDetail }) {
  const { t } = useTranslation('completion');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const markDone = useCompletionStep('done');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    if (note.trim()) body.set('note', note);
    for (const file of files) body.append('photos', file);
    markDone.mutate(
      {
        id: request.id,
        body,
        onProgress: (sent, total) => setProgress(progressOf(files, sent, total)),
      },
      {
        onSuccess: () => notify('success', t('done.sent')),
        onError: (error) => notify('error', errorText(error)),
        onSettled: () => setProgress(undefined),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('done.note')}
        <textarea
          className="min-h-24 rounded-lg border border-stone-300 bg-white px-3 py-2"
          maxLength={COMPLETION_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <AttachmentPicker files={files} onChange={setFiles} progress={progress} />
      <button type="submit" className="btn-primary" disabled={markDone.isPending}>
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {t('done.button')}
      </button>
    </form>
  );
}

/** The client's problem: a reason, what happened, and photos. */
function ProblemForm({ request }: { request: RequestDetail }) {
  const { t } = useTranslation('completion');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const report = useCompletionStep('problem');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | undefined>();
  if (!open) {
    return (
      <button type="button" className="btn-secondary mt-3" onClick={() => setOpen(true)}>
        <TriangleAlert aria-hidden="true" className="size-4" />
        {t('problem.open')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    body.set('reason', reason);
    body.set('text', text);
    for (const file of files) body.append('photos', file);
    report.mutate(
      {
        id: request.id,
        body,
        onProgress: (sent, total) => setProgress(progressOf(files, sent, total)),
      },
      {
        onSuccess: () => notify('success', t('problem.sent')),
        onError: (error) => notify('error', errorText(error)),
        onSettled: () => setProgress(undefined),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('problem.reason')}
        <select
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        >
          <option value="">{t('problem.choose')}</option>
          {PROBLEM_REASONS.map((code) => (
            <option key={code} value={code}>
              {t(`reasons.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('problem.text')}
        <textarea
          className="min-h-24 rounded-lg border border-stone-300 bg-white px-3 py-2"
          required
          minLength={PROBLEM_TEXT_MIN}
          maxLength={COMPLETION_NOTE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <AttachmentPicker files={files} onChange={setFiles} progress={progress} />
      <button type="submit" className="btn-danger" disabled={report.isPending}>
        {t('problem.button')}
      </button>
    </form>
  );
}

/**
 * The end of a hired job on its page (docs/requests.md "Completion both sides agree on"): what
 * both sides said, and the provider's "done" or the client's problem as `allowed_actions` offer.
 * Only the two sides and administrators read it; the client confirms with "complete" beside.
 */
export function CompletionSection({
  request,
  viewer,
}: {
  request: RequestDetail;
  viewer: { id: string; role: Role };
}) {
  const { t, i18n } = useTranslation('completion');
  const language = i18n.language as Language;
  const party =
    request.isOwner ||
    viewer.role === 'administrator' ||
    (request.acceptedProviderId !== null && request.acceptedProviderId === viewer.id);
  const canMarkDone = request.allowedActions.includes('mark_done');
  const canReport = request.allowedActions.includes('report_problem');
  const shown = party && request.status !== 'OPEN';
  const completion = useCompletion(request.id, shown);
  if (!shown) return null;
  const steps = completion.data;
  if (!canMarkDone && !canReport && (!steps || steps.steps.length === 0)) return null;
  return (
    <section className="card p-6" aria-labelledby="completion-title">
      <h2 id="completion-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {request.status === 'DONE' && steps?.autoCompletesAt && (
        <p className="mt-2 text-sm text-stone-700">
          {t('autoCompletes', { date: formatDate(steps.autoCompletesAt, language) })}
        </p>
      )}
      {request.status === 'DISPUTED' && (
        <p className="mt-2 text-sm text-stone-700">{t('disputed')}</p>
      )}
      {steps && <Steps requestId={request.id} completion={steps} />}
      {canMarkDone && <MarkDoneForm request={request} />}
      {canReport && <ProblemForm request={request} />}
    </section>
  );
}
