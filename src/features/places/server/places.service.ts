import { AppError } from '../../../server/errors';
import { gazetteer } from './gazetteer';
import { findPlace, type PlaceRow } from './places-by-id';

/** The refusal of a place id that names no place of the gazetteer. */
export const unknownPlace = () =>
  new AppError('unknown_place', 'There is no such town or village. Choose one from the list.');

/** The place of this id, or the refusal `unknown_place`. */
export function placeOrRefuse(id: number): PlaceRow {
  const place = findPlace(id);
  if (!place) throw unknownPlace();
  return place;
}

/** The places a person may mean by what they typed, most likely first. */
export function suggestPlaces(words: string, limit: number) {
  return gazetteer().search(words, limit);
}

/**
 * The places whose name (or a later word of it) starts with what was typed, larger first, each
 * with its names that do; for suggesting towns that a filter by place names will find.
 */
export function placesStartingWith(text: string, limit: number) {
  return gazetteer().startingWith(text, limit);
}
