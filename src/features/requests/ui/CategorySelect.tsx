import { useTranslation } from '../../../client/i18n/react';
import { CATEGORIES } from '../../../shared/categories';

/** The 26 categories in the spec's order, labelled in the page's language; optionally "all" first. */
export function CategorySelect({
  id,
  label,
  value,
  onChange,
  allLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** When given, an empty first option meaning "any category". */
  allLabel?: string;
}) {
  const { t } = useTranslation('categories');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name="category"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {CATEGORIES.map((code) => (
          <option key={code} value={code}>
            {t(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
