import { Loader2, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { inputClass } from '../../../client/components/ui/form';
import { keepTypedBeforeHydration } from '../../../client/components/ui/typed-before-hydration';
import { useTranslation } from '../../../client/i18n/react';
import type { PlaceView } from '../places.schema';
import { comboboxKey } from './combobox-keys';
import { usePlaceSearch } from './places.api';

/** How long typing pauses before the places for it are asked for. */
const SEARCH_DELAY_MS = 200;

export interface PlacePickerProps {
  value: PlaceView | null;
  onChange(place: PlaceView | null): void;
  label: string;
  /** The text box's id; forms give `field-<name>` so their first invalid field takes the focus. */
  id?: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * A town or village of the gazetteer, chosen as you type: an editable combobox with a list popup
 * (WAI-ARIA 1.2). The value changes only when a place is chosen (a click, a tap, or Enter on the
 * active option); leaving the box puts the chosen place's name back, and emptying it clears the
 * value. Each option shows the name and "region, country", so two villages of one name differ.
 */
export function PlacePicker({
  value,
  onChange,
  label,
  id = 'field-place_id',
  required = false,
  error,
  hint,
}: PlacePickerProps) {
  const { t, i18n } = useTranslation('places');
  const errorText = useApiErrorText();
  const [text, setText] = useState(value?.name ?? '');
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState(text.trim());
  const listId = `${id}-places`;
  const optionId = (index: number) => `${id}-place-${index}`;

  // A value set from outside (a profile's place filled in, a form reset) shows its name.
  const [shownId, setShownId] = useState(value?.id);
  if (shownId !== value?.id) {
    setShownId(value?.id);
    if (value) setText(value.name);
    else if (!focused) setText('');
  }

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Nothing is asked for the chosen place's own name, shown as it was picked.
  const searching = focused && query !== '' && !(value && query === value.name);
  const places = usePlaceSearch(query, i18n.language, searching);
  const settled = query === text.trim() && !places.isPlaceholderData;
  // The places of the last answer stay while the next text's load, so the list does not blink.
  const options = searching && !places.isError ? (places.data?.places ?? []) : [];
  const loading = searching && (!settled || places.isFetching) && !places.isError;
  const failed = searching && settled && places.isError;
  const noMatch = searching && settled && places.isSuccess && options.length === 0;
  const popup =
    open && focused && text.trim() !== '' && (options.length > 0 || loading || noMatch || failed);
  const expanded = popup && options.length > 0;

  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${id}-place-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const where = (place: PlaceView) =>
    t('picker.where', { region: place.region, country: t(`countries.${place.country}`) });

  const pick = (place: PlaceView) => {
    setText(place.name);
    setOpen(false);
    setActive(-1);
    onChange(place);
  };

  const status = failed
    ? errorText(places.error)
    : noMatch
      ? t('picker.noMatch', { text: text.trim() })
      : loading
        ? t('picker.searching')
        : expanded
          ? t('picker.found', { count: options.length })
          : '';

  const hintId = `${id}-hint`;
  const describedBy = [value ? `${id}-where` : '', error ? `${id}-error` : '', hintId]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="flex flex-col gap-1.5">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
        />
        <input
          ref={keepTypedBeforeHydration}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={text}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setOpen(false);
            setActive(-1);
            // A half-edited name goes back to the chosen place's; with none chosen, the text stays.
            if (value) setText(value.name);
          }}
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            setOpen(true);
            setActive(-1);
            if (typed.trim() === '' && value) onChange(null);
          }}
          onKeyDown={(event) => {
            const move = comboboxKey(
              { open: expanded, active, count: options.length },
              event.key,
              event.altKey,
            );
            // Escape in an empty box with no list is left to whatever holds the box.
            if (move.clear && text === '') return;
            if (move.handled) event.preventDefault();
            if (move.pick !== undefined) return pick(options[move.pick]!);
            if (move.clear) {
              setText('');
              if (value) onChange(null);
            }
            setOpen(move.open);
            setActive(move.active);
          }}
          className={`${inputClass} pl-9 ${loading ? 'pr-9' : ''}`}
        />
        {loading && (
          <Loader2
            aria-hidden="true"
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-stone-500"
          />
        )}
        <div
          hidden={!popup}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
        >
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={`${id}-label`}
            aria-busy={loading || undefined}
          >
            {options.map((place, index) => (
              <li
                key={place.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Chosen on press, before the text box's blur would close the list; the focus
                // stays in the box. A finger that scrolls the list presses nothing (no mouse
                // events come of a scroll), so only a tap chooses.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(place);
                }}
                className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 ${
                  index === active ? 'bg-brand-50 text-stone-900' : 'hover:bg-stone-100'
                }`}
              >
                <span className="font-medium break-words">{place.name}</span>
                <span className="text-sm break-words text-stone-600">{where(place)}</span>
              </li>
            ))}
          </ul>
          {options.length === 0 && status && (
            <p className={`px-3 py-2 text-sm ${failed ? 'text-red-700' : 'text-stone-700'}`}>
              {status}
            </p>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {popup ? status : ''}
      </p>
      {value && (
        <p id={`${id}-where`} className="text-sm text-stone-700">
          {where(value)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p id={hintId} className="text-xs text-stone-600">
        {hint ? `${hint} ` : ''}
        {t('picker.villageHint')}
      </p>
    </div>
  );
}
