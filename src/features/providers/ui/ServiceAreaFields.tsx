import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { CATEGORIES, type Category } from '../../../shared/categories';
import type { PlaceView } from '../../places/places.schema';
import { PlacePicker } from '../../places/ui/PlacePicker';
import { DEFAULT_SERVICE_RADIUS_KM, SERVICE_RADIUS_CHOICES } from '../providers.schema';

interface ServiceAreaProps {
  place: PlaceView | null;
  onPlace(place: PlaceView | null): void;
  radius: string;
  onRadius(radius: string): void;
  categories: Category[];
  onCategories(categories: Category[]): void;
  /** The provider's trade: always among the categories (the server adds it too). */
  trade: Category | null;
  placeError?: string | undefined;
  categoriesError?: string | undefined;
  /** The free-text detail of the place, shown right under the town. */
  detail?: ReactNode;
}

/**
 * A provider's service area (issue 31): the town they work from, how far they travel, and the
 * jobs they take on. Without a town the radius means nothing, so it waits for one.
 */
export function ServiceAreaFields({
  place,
  onPlace,
  radius,
  onRadius,
  categories,
  onCategories,
  trade,
  placeError,
  categoriesError,
  detail,
}: ServiceAreaProps) {
  const { t } = useTranslation(['providers', 'categories']);
  const chosen = new Set<Category>(trade ? [trade, ...categories] : categories);
  const toggle = (code: Category, on: boolean) =>
    onCategories(on ? [...categories, code] : categories.filter((other) => other !== code));
  // A radius the API took that the list does not offer is still shown as it is.
  const radii = [
    ...new Set<number>([...SERVICE_RADIUS_CHOICES, Number(radius) || DEFAULT_SERVICE_RADIUS_KM]),
  ].sort((a, b) => a - b);

  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
        <PlacePicker
          label={t('edit.place')}
          hint={t('edit.placeHint')}
          value={place}
          onChange={(next) => {
            onPlace(next);
            if (next && radius === '') onRadius(String(DEFAULT_SERVICE_RADIUS_KM));
          }}
          error={placeError}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="field-service_radius_km" className="text-sm font-medium text-stone-800">
            {t('edit.radius')}
          </label>
          <select
            id="field-service_radius_km"
            name="service_radius_km"
            value={radius || String(DEFAULT_SERVICE_RADIUS_KM)}
            disabled={!place}
            aria-describedby="field-service_radius_km-hint"
            onChange={(event) => onRadius(event.target.value)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 disabled:bg-stone-100 disabled:text-stone-500"
          >
            {radii.map((km) => (
              <option key={km} value={String(km)}>
                {t('edit.radiusOption', { km })}
              </option>
            ))}
          </select>
          <p id="field-service_radius_km-hint" className="text-xs text-stone-600">
            {t('edit.radiusHint')}
          </p>
        </div>
      </div>
      {detail}
      <fieldset
        id="field-service_categories"
        tabIndex={-1}
        aria-describedby={`field-service_categories-hint${categoriesError ? ' field-service_categories-error' : ''}`}
        className="flex min-w-0 flex-col gap-1.5"
      >
        <legend className="text-sm font-medium text-stone-800">{t('edit.categories')}</legend>
        <p id="field-service_categories-hint" className="text-xs text-stone-600">
          {t('edit.categoriesHint')}
        </p>
        <ul className="grid max-h-72 grid-cols-1 gap-x-4 overflow-y-auto rounded-lg border border-stone-300 bg-white px-3 py-1 sm:grid-cols-2">
          {CATEGORIES.map((code) => (
            <li key={code} className="min-w-0">
              <label className="flex min-h-11 cursor-pointer items-center gap-2.5 py-1 text-sm">
                <input
                  type="checkbox"
                  name="service_categories"
                  value={code}
                  checked={chosen.has(code)}
                  disabled={code === trade}
                  onChange={(event) => toggle(code, event.target.checked)}
                  className="size-4 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 break-words">{t(`categories:${code}`)}</span>
              </label>
            </li>
          ))}
        </ul>
        {categoriesError && (
          <p id="field-service_categories-error" className="text-sm text-red-700">
            {categoriesError}
          </p>
        )}
      </fieldset>
    </>
  );
}
