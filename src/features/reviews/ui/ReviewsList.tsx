import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { Pagination } from '../../../client/components/ui/Pagination';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { Stars } from '../../providers/ui/Stars';
import { ReviewAnswer } from './ReviewAnswer';
import { useProviderReviews } from './reviews.api';

/** A provider's verified reviews, newest first, ten a page (spec core §2 "Provider details"). */
export function ReviewsList({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('reviews');
  const [page, setPage] = useState(1);
  const reviews = useProviderReviews(providerId, page);
  return (
    <section className="card p-6" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="mb-3 text-lg font-semibold">
        {t('title')}
      </h2>
      {reviews.isPending ? null : !reviews.data || reviews.data.reviews.length === 0 ? (
        <p className="text-stone-600">{t('none')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {reviews.data.reviews.map((review) => (
              <li key={review.id} className="rounded-lg border border-stone-200 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{review.authorName ?? t('anonymous')}</span>
                  <Stars rating={review.rating} />
                </div>
                {review.comment && <p className="mt-2 text-stone-800">{review.comment}</p>}
                <p className="mt-1 text-xs text-stone-600">
                  {formatDate(review.createdAt, i18n.language as Language)}
                </p>
                <ReviewAnswer
                  providerId={providerId}
                  reviewId={review.id}
                  answer={review.answer}
                  allowedActions={review.allowedActions}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={reviews.data.pagination.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
