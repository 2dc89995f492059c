import { extractPlaces, type GazetteerPlace } from './gazetteer';

/** A place as the `places` table holds it: the committed extract's row (gazetteer.ts). */
export type PlaceRow = GazetteerPlace;

let byId: Map<number, PlaceRow> | undefined;

/**
 * Places by id from memory: the `places` table holds the committed extract and nothing else
 * (import.ts), which the gazetteer holds too, so a page around a place or of the directory asks
 * PostgreSQL nothing for its places' names (a round trip less a search).
 */
const placesById = () => (byId ??= new Map(extractPlaces().map((place) => [place.id, place])));

export function findPlace(id: number): PlaceRow | undefined {
  return placesById().get(id);
}

export function findPlaces(ids: readonly number[]): Map<number, PlaceRow> {
  const found = new Map<number, PlaceRow>();
  for (const id of ids) {
    const place = placesById().get(id);
    if (place) found.set(id, place);
  }
  return found;
}
