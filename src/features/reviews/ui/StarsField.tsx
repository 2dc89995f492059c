import { Star } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';

/**
 * One to five stars as a form field: five pressable buttons under a legend, the chosen one and
 * those before it filled, and the field's error under them. The first star carries the field's
 * id, so an error summary's link takes focus there when no rating was chosen.
 */
export function StarsField({
  legend,
  rating,
  error,
  onChoose,
}: {
  legend: string;
  rating: number;
  error: string | undefined;
  onChoose: (rating: number) => void;
}) {
  const { t } = useTranslation('providers');
  return (
    <fieldset aria-describedby={error ? 'field-rating-error' : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            id={n === 1 ? 'field-rating' : undefined}
            type="button"
            aria-pressed={rating === n}
            aria-label={t('stars', { rating: n })}
            onClick={() => onChoose(n)}
            className="flex size-11 items-center justify-center rounded-lg hover:bg-amber-50"
          >
            <Star
              aria-hidden="true"
              className={`size-7 ${n <= rating ? 'fill-amber-500 text-amber-500' : 'text-stone-300'}`}
            />
          </button>
        ))}
      </div>
      {error && (
        <p id="field-rating-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
