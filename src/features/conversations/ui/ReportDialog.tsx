import { z } from 'zod';
import { ErrorSummary, TextArea } from '../../../client/components/ui/form';
import { ModalDialog } from '../../../client/components/ui/ModalDialog';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useForm } from '../../../client/hooks/useForm';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { LIMITS } from '../../../shared/limits';
import { REPORT_REASONS, reportBody } from '../conversations.schema';
import { useReportConversation, type Conversation } from './conversations.api';

/** The report's body, with a reason that must be chosen (the shared schema's note). */
const reportForm = z.object({
  reason: z.enum(REPORT_REASONS, { message: 'choice_invalid' }),
  note: reportBody.shape.note,
});

/**
 * Reports a thread to the administrators: a reason and, if the person wants, a note. A modal on
 * the native <dialog> (focus trap, Escape and an inert page from the browser), open while mounted.
 */
export function ReportDialog({
  conversation,
  onClose,
}: {
  conversation: Conversation;
  onClose: () => void;
}) {
  const { t } = useTranslation('conversations');
  const { notify } = useNotify();
  const report = useReportConversation();
  const form = useForm({ reason: '', note: '' }, { write: report });
  const reasonError = form.fieldError('reason');
  const noteLeft = LIMITS.messages.reportNoteMax - form.values.note.length;

  return (
    <ModalDialog title={t('report.title')} onClose={onClose}>
      <p className="mt-1 text-sm text-stone-700">{t('report.intro')}</p>
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const body = form.check(reportForm);
          if (!body) return;
          report.mutate(
            { id: conversation.id, reason: body.reason, note: body.note || undefined },
            {
              onSuccess: () => {
                notify('success', t('report.done'));
                onClose();
              },
            },
          );
        }}
      >
        <ErrorSummary messages={form.messages} />
        <fieldset
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? 'report-reason-error' : undefined}
        >
          <legend className="text-sm font-medium text-stone-800">{t('report.reason')}</legend>
          <div className="mt-2 flex flex-col gap-1">
            {REPORT_REASONS.map((reason, index) => (
              <label
                key={reason}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="reason"
                  // The first invalid field takes the focus (useForm looks for `field-<name>`).
                  id={index === 0 ? 'field-reason' : undefined}
                  value={reason}
                  checked={form.values.reason === reason}
                  onChange={() => form.set('reason', reason)}
                  className="size-4 shrink-0 accent-brand-700"
                />
                {t(`report.reasons.${reason}`)}
              </label>
            ))}
          </div>
          {reasonError && (
            <p id="report-reason-error" className="mt-1 text-sm text-red-700">
              {reasonError}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1">
          <TextArea
            {...form.field('note')}
            label={t('report.note')}
            maxLength={LIMITS.messages.reportNoteMax}
            rows={3}
          />
          <p className="text-xs text-stone-600">{t('report.noteLeft', { count: noteLeft })}</p>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={report.isPending}>
            {report.isPending && <Spinner label={t('report.sending')} />}
            {t('report.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
