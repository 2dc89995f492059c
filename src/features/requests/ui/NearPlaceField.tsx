import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { PlaceView } from '../../places/places.schema';

export type ChosenPlace = CamelCased<PlaceView>;

/** How long typing pauses before the places for it are asked for. */
const SUGGEST_DELAY_MS = 200;

const labelOf = (place: ChosenPlace) => `${place.name}, ${place.region}`;

/**
 * The place a list is around ("near"), for browse and the directory: the one spot that names the
 * picker, so the shared place picker replaces this field here alone. Until then, the places
 * matching what is typed (GET /api/places) are offered by the browser's own list; choosing one
 * sets the place, clearing the text clears it. The place is named once the list around it has
 * answered: the form holding this field is keyed by that place, so it starts again with its name.
 */
export function NearPlaceField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
}) {
  const listId = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState(value ? labelOf(value) : '');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const places = useQuery({
    enabled: typed.length > 0 && (!value || typed !== labelOf(value)),
    queryKey: ['places', 'search', typed],
    queryFn: ({ signal }) =>
      api<{ places: ChosenPlace[] }>(`/places?${new URLSearchParams({ q: typed, limit: '10' })}`, {
        signal,
      }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const offered = places.data?.places ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        list={listId}
        autoComplete="off"
        value={text}
        aria-describedby={hintId}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const chosen = offered.find((place) => labelOf(place) === next);
          if (chosen) onChange(chosen);
          else if (next.trim() === '') onChange(null);
        }}
        className="min-h-11 min-w-0 rounded-lg border border-stone-300 bg-white px-3"
      />
      <datalist id={listId}>
        {offered.map((place) => (
          <option key={place.id} value={labelOf(place)} />
        ))}
      </datalist>
      <p id={hintId} className="text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
}
