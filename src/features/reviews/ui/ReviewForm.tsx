import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { z } from 'zod';
import { ErrorSummary, TextArea } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { reviewBody } from '../reviews.schema';
import { useSubmitReview } from './reviews.api';
import { StarsField } from './StarsField';

/** The form's text fields on the shared rules: a chosen star count (1–5) and an optional comment. */
const reviewForm = z.object({
  rating: z.preprocess(
    (value) => (value === '' ? undefined : Number(value)),
    reviewBody.shape.rating,
  ),
  comment: reviewBody.shape.comment,
});

/** A review of a hired provider: stars (required), an optional comment, optionally anonymous. */
export function ReviewForm({
  providerId,
  workRequestId,
  onDone,
}: {
  providerId: string;
  workRequestId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(['reviews', 'providers']);
  const { notify } = useNotify();
  const submitReview = useSubmitReview(providerId);
  const form = useForm({ rating: '', comment: '' }, { write: submitReview });
  const [anonymous, setAnonymous] = useState(false);
  const rating = Number(form.values.rating) || 0;
  const ratingError = form.fieldError('rating');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(reviewForm);
    if (!input) return;
    submitReview.mutate(
      { workRequestId, rating: input.rating, comment: input.comment, anonymous },
      {
        onSuccess: () => {
          notify('success', t('form.thanks'));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-4 p-6">
      <h2 className="text-lg font-semibold">{t('form.title')}</h2>
      <ErrorSummary messages={form.messages} />
      <StarsField
        legend={t('form.rating')}
        rating={rating}
        error={ratingError}
        onChoose={(n) => form.set('rating', String(n))}
      />
      <TextArea {...form.field('comment')} label={t('form.comment')} maxLength={2000} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(event) => setAnonymous(event.target.checked)}
          className="size-5"
        />
        {t('form.anonymous')}
      </label>
      <button type="submit" className="btn-primary self-start" disabled={submitReview.isPending}>
        {t('form.submit')}
      </button>
    </form>
  );
}
