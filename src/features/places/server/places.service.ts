import { AppError } from '../../../server/errors';
import type { Db } from '../../../server/db/types';
import { gazetteer } from './gazetteer';
import { findPlace, type PlaceRow } from './places.repo';

/** The refusal of a place id that names no place of the gazetteer. */
export const unknownPlace = () =>
  new AppError('unknown_place', 'There is no such town or village. Choose one from the list.');

/** The place of this id, or the refusal `unknown_place`. */
export async function placeOrRefuse(db: Db, id: number): Promise<PlaceRow> {
  const place = await findPlace(db, id);
  if (!place) throw unknownPlace();
  return place;
}

/** The places a person may mean by what they typed, most likely first. */
export function suggestPlaces(words: string, limit: number) {
  return gazetteer().search(words, limit);
}
