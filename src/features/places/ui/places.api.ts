import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { PlaceView } from '../places.schema';

/** How many places the picker offers for what was typed. */
export const PICKER_LIMIT = 8;

/** Cache keys of places: the answer's names are in the page's language, so it is in the key. */
export const placeKeys = {
  all: ['places'] as const,
  search: (language: string, q: string, limit: number) =>
    [...placeKeys.all, 'search', language, q, limit] as const,
};

/**
 * Places whose names match `q` in the page's language (the server reads the `lang` cookie),
 * larger places first. A gazetteer hardly changes: an answer is kept for an hour, and the places
 * of the last text stay on screen while the next text's load.
 */
export function usePlaceSearch(q: string, language: string, enabled: boolean) {
  return useQuery({
    enabled: enabled && q !== '',
    queryKey: placeKeys.search(language, q, PICKER_LIMIT),
    queryFn: ({ signal }) =>
      api<{ places: PlaceView[] }>(
        `/places?${new URLSearchParams({ q, limit: String(PICKER_LIMIT) })}`,
        { signal },
      ),
    staleTime: 60 * 60_000,
    placeholderData: (previous) => previous,
  });
}
