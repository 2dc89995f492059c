import { useTranslation } from '../../../client/i18n/react';
import { formatKm } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { RADIUS_CHOICES_KM } from '../requests.schema';
import { NearPlaceField, type ChosenPlace } from './NearPlaceField';

/** A place, the radius around it and the order of what lies within. */
export interface AroundChoice<Sort extends string = 'newest' | 'distance'> {
  place: ChosenPlace | null;
  radiusKm: number;
  sort: Sort;
}

/**
 * "Near", "Within" and "Sort by" of browse and the directory. The radius and the order by
 * distance mean something only around a place, so they wait for one.
 */
export function AroundFields<Sort extends string>({
  idPrefix,
  value,
  onChange,
  sorts,
}: {
  idPrefix: string;
  value: AroundChoice<Sort>;
  onChange: (next: AroundChoice<Sort>) => void;
  /** The orders offered, with their labels; those needing a place say so. */
  sorts: { value: Sort; label: string; needsPlace: boolean }[];
}) {
  const { t, i18n } = useTranslation('requests');
  const language = i18n.language as Language;
  const noPlace = value.place === null;
  return (
    <div className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-[1fr_minmax(8rem,10rem)_minmax(9rem,auto)] sm:items-start lg:col-span-3">
      <NearPlaceField
        id={`${idPrefix}-near`}
        label={t('around.near')}
        value={value.place}
        onChange={(place) => {
          const sortStays =
            place !== null || !sorts.find((s) => s.value === value.sort)?.needsPlace;
          onChange({
            ...value,
            place,
            sort: sortStays ? value.sort : sorts.find((s) => !s.needsPlace)!.value,
          });
        }}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-radius`} className="text-sm font-medium text-stone-800">
          {t('around.radius')}
        </label>
        <select
          id={`${idPrefix}-radius`}
          value={value.radiusKm}
          disabled={noPlace}
          onChange={(event) => onChange({ ...value, radiusKm: Number(event.target.value) })}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 disabled:bg-stone-100"
        >
          {RADIUS_CHOICES_KM.map((radius) => (
            <option key={radius} value={radius}>
              {t('around.km', { km: formatKm(radius, language) })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-sort`} className="text-sm font-medium text-stone-800">
          {t('around.sort')}
        </label>
        <select
          id={`${idPrefix}-sort`}
          value={value.sort}
          onChange={(event) => onChange({ ...value, sort: event.target.value as Sort })}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        >
          {sorts.map((sort) => (
            <option key={sort.value} value={sort.value} disabled={sort.needsPlace && noPlace}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
