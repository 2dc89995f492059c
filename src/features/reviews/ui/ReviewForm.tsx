import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { ErrorSummary } from '../../../client/components/ui/form';
import { useNotify } from '../../../client/layout/Notifications';

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
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setProblem(t('validation:rating_required'));
    try {
      await api(`/providers/${providerId}/reviews`, {
        method: 'POST',
        body: { workRequestId, rating, comment, anonymous },
      });
      notify('success', t('form.thanks'));
      await queryClient.invalidateQueries({ queryKey: ['provider'] });
      onDone();
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-4 p-6">
      <h2 className="text-lg font-semibold">{t('form.title')}</h2>
      <ErrorSummary messages={problem ? [problem] : []} />
      <fieldset>
        <legend className="text-sm font-medium">{t('form.rating')}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={rating === n}
              aria-label={t('providers:stars', { rating: n })}
              onClick={() => {
                setRating(n);
                setProblem(undefined);
              }}
              className="flex size-11 items-center justify-center rounded-lg hover:bg-amber-50"
            >
              <Star
                aria-hidden="true"
                className={`size-7 ${n <= rating ? 'fill-amber-500 text-amber-500' : 'text-stone-300'}`}
              />
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="review-comment" className="text-sm font-medium">
          {t('form.comment')}
        </label>
        <textarea
          id="review-comment"
          value={comment}
          maxLength={2000}
          onChange={(event) => setComment(event.target.value)}
          className="min-h-24 rounded-lg border border-stone-300 bg-white px-3 py-2.5"
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(event) => setAnonymous(event.target.checked)}
          className="size-5"
        />
        {t('form.anonymous')}
      </label>
      <button type="submit" className="btn-primary self-start">
        {t('form.submit')}
      </button>
    </form>
  );
}
