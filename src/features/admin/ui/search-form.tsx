import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { LIMITS } from '../../../shared/limits';

/** A tab's search form: the card with its filters, then the search button. */
export function SearchForm({
  className,
  buttonClass = 'btn-primary',
  noValidate,
  onSearch,
  children,
}: {
  /** The grid's columns and alignment from the small breakpoint on. */
  className: string;
  buttonClass?: string;
  noValidate?: boolean;
  onSearch: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <form
      role="search"
      noValidate={noValidate}
      className={`card grid grid-cols-[minmax(0,1fr)] gap-3 p-4 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {children}
      <button type="submit" className={buttonClass}>
        <Search aria-hidden="true" className="size-4" />
        {t('filters.search')}
      </button>
    </form>
  );
}

/** A search form's control under its label, and what is wrong with it (`<id>-error`) under both. */
function FilterField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select for a search form, with its refusal under it. */
export function SelectFilter({
  id,
  label,
  value,
  onChange,
  options,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
}) {
  return (
    <FilterField id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 aria-[invalid=true]:border-red-600"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A labelled text input for a search form. */
export function TextFilter({
  id,
  label,
  value,
  onChange,
  placeholder,
  error,
  maxLength = LIMITS.searchText.max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string | undefined;
  maxLength?: number;
}) {
  return (
    <FilterField id={id} label={label} error={error}>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 aria-[invalid=true]:border-red-600"
      />
    </FilterField>
  );
}
