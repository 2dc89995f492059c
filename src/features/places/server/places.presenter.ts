import type { Language } from '../../../shared/languages';
import { fold, startsWithName } from '../fold';
import type { Country, PlaceView } from '../places.schema';
import REGIONS from './data/regions.json';
import type { GazetteerPlace } from './gazetteer';

const regions = REGIONS as Record<string, Record<Language, string>>;

/**
 * A place's name in the reader's language, else its Slovak one (the source's). Beside a request's
 * detail line that starts with another of its names ("Bratislava, Ružinov"), that name: the line
 * then reads the same in every language, not "Братислава · Bratislava, Ružinov" (place-line.ts).
 */
export function placeName(row: Pick<GazetteerPlace, 'names'>, language: Language, beside = '') {
  return (beside && writtenName(row.names, beside)) || (row.names[language] ?? row.names.sk);
}

/** Each place's names with their folded forms, made once (a card's place is the gazetteer's). */
const foldedNames = new WeakMap<object, [string, string][]>();
/** A character folded; the first of a detail line rules out most places without folding it all. */
const foldedFirst = new Map<string, string>();

/**
 * The one of `names` that the detail line starts with, accents and case ignored, if any. Folding
 * the line costs about a microsecond; its first letter alone rules out most lines, so a page of
 * 100 cards spends a few microseconds here, not half a millisecond.
 */
function writtenName(names: Record<Language, string>, detail: string) {
  let known = foldedNames.get(names);
  if (!known) {
    known = [...new Set(Object.values(names))].map((name) => [name, fold(name)]);
    foldedNames.set(names, known);
  }
  // Most often the line starts with a name as written ("Košice", "Košice - Juh"): no folding.
  for (const [name] of known) if (startsWithName(detail, name)) return name;
  const first = detail.charAt(0);
  let start = foldedFirst.get(first);
  if (start === undefined) {
    start = fold(first);
    if (foldedFirst.size < 4096) foldedFirst.set(first, start);
  }
  if (!known.some(([, folded]) => folded.startsWith(start))) return undefined;
  const line = fold(detail);
  return known.find(([, folded]) => startsWithName(line, folded))?.[0];
}

/**
 * A place in the reader's language: its name there, else its Slovak one (the source's); beside a
 * request's detail line, as `placeName` chooses.
 */
export function presentPlace(
  row: Pick<GazetteerPlace, 'id' | 'country' | 'regionCode' | 'lat' | 'lon' | 'names'>,
  language: Language,
  beside?: string,
): PlaceView {
  return {
    id: row.id,
    name: placeName(row, language, beside),
    region: regions[row.regionCode]?.[language] ?? '',
    country: row.country as Country,
    lat: row.lat,
    lon: row.lon,
  };
}
