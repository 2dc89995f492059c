import { useState } from 'react';
import { z } from 'zod';
import { ErrorSummary, TextArea } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import type { Actor } from '../../../shared/actor';
import { canSeeClientRating } from '../reviews.rules';
import { clientReviewBody } from '../reviews.schema';
import { useClientRating, useReviewClient } from './reviews.api';
import { StarsField } from './StarsField';

/** "4,8" in Slovak, "4.8" in English: one decimal, in the page's language. */
const oneDecimal = (value: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    value,
  );

/**
 * "Client: 4.8 ★ from 6 jobs", for providers (and administrators) on a request's page and its bid
 * form. Clients never ask for it (reviews.rules.ts `canSeeClientRating`); the server refuses them.
 */
export function ClientRatingLine({
  workRequestId,
  viewer,
}: {
  workRequestId: string;
  viewer: Actor | undefined;
}) {
  const { t, i18n } = useTranslation('clientReviews');
  const visible = viewer !== undefined && canSeeClientRating(viewer);
  const rating = useClientRating(workRequestId, visible);
  if (!visible || !rating.data) return null;
  const { average, count } = rating.data.clientRating;
  return (
    <p className="text-sm font-medium text-stone-800">
      {average === null
        ? t('figure.none')
        : t('figure.rated', { count, average: oneDecimal(average, i18n.language) })}
    </p>
  );
}

const reviewForm = z.object({
  rating: z.preprocess(
    (value) => (value === '' ? undefined : Number(value)),
    clientReviewBody.shape.rating,
  ),
  comment: clientReviewBody.shape.comment,
});

/** The hired provider's review of the client once the job is completed (`review_client`). */
function ClientReviewForm({ workRequestId }: { workRequestId: string }) {
  const { t } = useTranslation(['clientReviews', 'providers']);
  const { notify } = useNotify();
  const reviewClient = useReviewClient(workRequestId);
  const form = useForm({ rating: '', comment: '' }, { write: reviewClient });
  const [open, setOpen] = useState(false);
  const rating = Number(form.values.rating) || 0;
  const ratingError = form.fieldError('rating');

  if (!open) {
    return (
      <button type="button" className="btn-primary mt-3" onClick={() => setOpen(true)}>
        {t('form.open')}
      </button>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(reviewForm);
    if (!input) return;
    reviewClient.mutate(input, { onSuccess: () => notify('success', t('form.thanks')) });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
      <ErrorSummary messages={form.messages} />
      <p className="text-sm text-stone-700">{t('form.hint')}</p>
      <StarsField
        legend={t('form.rating')}
        rating={rating}
        error={ratingError}
        onChoose={(n) => form.set('rating', String(n))}
      />
      <TextArea {...form.field('comment')} label={t('form.comment')} maxLength={1000} />
      <button type="submit" className="btn-primary self-start" disabled={reviewClient.isPending}>
        {t('form.submit')}
      </button>
    </form>
  );
}

/**
 * The request page's card about its client, for providers and administrators: the client's
 * figure, the viewer's own review of the client, and the form when `review_client` is allowed.
 */
export function ClientRatingCard({
  workRequestId,
  viewer,
}: {
  workRequestId: string;
  viewer: Actor | undefined;
}) {
  const { t } = useTranslation('clientReviews');
  const visible = viewer !== undefined && canSeeClientRating(viewer);
  const rating = useClientRating(workRequestId, visible);
  if (!visible || !rating.data) return null;
  const own = rating.data.ownReview;
  return (
    <section className="card p-6" aria-labelledby="client-rating-title">
      <h2 id="client-rating-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <div className="mt-2">
        <ClientRatingLine workRequestId={workRequestId} viewer={viewer} />
      </div>
      <p className="mt-1 text-xs text-stone-600">{t('onlyProviders')}</p>
      {own && <p className="mt-3 text-sm">{t('own', { rating: own.rating })}</p>}
      {rating.data.allowedActions.includes('review_client') && (
        <ClientReviewForm workRequestId={workRequestId} />
      )}
    </section>
  );
}
