import { useState } from 'react';
import { ErrorSummary, TextArea } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { answerBody } from '../reviews.schema';
import { useAnswerReview } from './reviews.api';

interface Answer {
  text: string;
  writtenAt: string;
  editedAt: string | null;
}

/** The provider's form: a new answer, or a change to theirs within its 48 hours. */
function AnswerForm({
  providerId,
  reviewId,
  existing,
  onDone,
}: {
  providerId: string;
  reviewId: string;
  existing: Answer | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('clientReviews');
  const { notify } = useNotify();
  const save = useAnswerReview(providerId, reviewId, existing !== null);
  const form = useForm({ text: existing?.text ?? '' }, { write: save });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(answerBody);
    if (!input) return;
    save.mutate(input, {
      onSuccess: () => {
        notify('success', t(existing ? 'answer.changed' : 'answer.published'));
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3">
      <ErrorSummary messages={form.messages} />
      <TextArea {...form.field('text')} label={t('answer.field')} maxLength={1000} />
      <p className="text-xs text-stone-600">{t('answer.hint')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t(existing ? 'answer.saveChange' : 'answer.publish')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('answer.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Under a review on the provider's page: the provider's public answer, and for the provider the
 * buttons its `allowed_actions` give (`answer`, `edit_answer`).
 */
export function ReviewAnswer({
  providerId,
  reviewId,
  answer,
  allowedActions,
}: {
  providerId: string;
  reviewId: string;
  answer: Answer | null;
  allowedActions: readonly string[];
}) {
  const { t, i18n } = useTranslation('clientReviews');
  const [writing, setWriting] = useState(false);
  const canWrite = allowedActions.includes(answer ? 'edit_answer' : 'answer');
  return (
    <>
      {answer && !writing && (
        <div className="mt-3 rounded-lg border-l-4 border-brand-700 bg-stone-50 p-3">
          <p className="text-sm font-medium">{t('answer.label')}</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{answer.text}</p>
          <p className="mt-1 text-xs text-stone-600">
            {formatDate(answer.writtenAt, i18n.language as Language)}
            {answer.editedAt && ` · ${t('answer.edited')}`}
          </p>
        </div>
      )}
      {writing ? (
        <AnswerForm
          providerId={providerId}
          reviewId={reviewId}
          existing={answer}
          onDone={() => setWriting(false)}
        />
      ) : (
        canWrite && (
          <button type="button" className="btn-secondary mt-3" onClick={() => setWriting(true)}>
            {t(answer ? 'answer.edit' : 'answer.write')}
          </button>
        )
      )}
    </>
  );
}
