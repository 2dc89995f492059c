import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { useTranslation } from '../../../client/i18n/react';
import type { PlaceView, placesResponse } from '../../places/places.schema';

type Places = CamelCased<z.infer<typeof placesResponse>>;

/**
 * Choosing a town for an alert: a combobox over `GET /api/places`. It takes the props of the
 * places feature's `PlacePicker` ({ value, onChange, label, id }), so that the shared picker
 * replaces it one for one (docs/leads.md "Screen").
 */
export function PlaceChoice({
  value,
  onChange,
  label,
  id,
}: {
  value: PlaceView | null;
  onChange: (place: PlaceView | null) => void;
  label: string;
  id?: string;
}) {
  const { t } = useTranslation('leads');
  const own = useId();
  const inputId = id ?? `place-${own}`;
  const listId = `${inputId}-options`;
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = text.trim();
  const found = useQuery({
    queryKey: ['places', query],
    queryFn: ({ signal }) =>
      api<Places>(`/places?${new URLSearchParams({ q: query, limit: '8' })}`, { signal }),
    enabled: open && query.length >= 2,
    staleTime: 60_000,
  });
  const options = open ? (found.data?.places ?? []) : [];

  const choose = (place: PlaceView) => {
    onChange(place);
    setText(place.name);
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + options.length) % options.length);
    } else if (event.key === 'Enter' && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={`${inputId}-hint`}
        aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
      />
      <p id={`${inputId}-hint`} className="text-xs text-stone-600">
        {t('form.placeHint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className={
          options.length > 0
            ? 'absolute top-full z-10 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-stone-300 bg-white shadow'
            : 'hidden'
        }
      >
        {options.map((place, index) => (
          <li
            key={place.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`min-h-11 cursor-pointer px-3 py-2 ${index === active ? 'bg-teal-50' : ''}`}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place);
            }}
          >
            <span className="font-medium">{place.name}</span>
            <span className="text-sm text-stone-600"> · {place.region}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
