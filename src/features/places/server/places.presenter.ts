import type { Language } from '../../../shared/languages';
import type { Country, PlaceView } from '../places.schema';
import REGIONS from './data/regions.json';
import type { GazetteerPlace } from './gazetteer';

const regions = REGIONS as Record<string, Record<Language, string>>;

/** A place's name in the reader's language, else its Slovak one (the source's). */
export const placeName = (row: Pick<GazetteerPlace, 'names'>, language: Language) =>
  row.names[language] ?? row.names.sk;

/** A place in the reader's language: its name there, else its Slovak one (the source's). */
export function presentPlace(
  row: Pick<GazetteerPlace, 'id' | 'country' | 'regionCode' | 'lat' | 'lon' | 'names'>,
  language: Language,
): PlaceView {
  return {
    id: row.id,
    name: placeName(row, language),
    region: regions[row.regionCode]?.[language] ?? '',
    country: row.country as Country,
    lat: row.lat,
    lon: row.lon,
  };
}
