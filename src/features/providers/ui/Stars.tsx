import { Star } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';

/** Filled stars with the number in words for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('providers');
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={t('stars', { rating })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= Math.round(rating) ? 'fill-amber-500 text-amber-500' : 'text-stone-300'}`}
        />
      ))}
    </span>
  );
}
