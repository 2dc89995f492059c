import type { Language } from '../../../shared/languages';
import { fold, startsAWordOf, wordsOf } from '../fold';
import PLACES from './data/places.json';

/** A place of the committed extract: the same row the migration imports into `places`. */
export interface GazetteerPlace {
  id: number;
  country: string;
  regionCode: string;
  population: number;
  lat: number;
  lon: number;
  names: Record<Language, string>;
}

type ExtractRow = [
  id: number,
  country: string,
  regionCode: string,
  population: number,
  lat: number,
  lon: number,
  names: Record<Language, string>,
  aliases: string[],
];

/** The committed extract (scripts/places-extract.ts), as the migration imports it. */
export const EXTRACT = PLACES as ExtractRow[];

/** How a name matched, best first: one of the five names, a word of one, another name. */
const PRIMARY = 4;
const PRIMARY_WORD = 3;
const ALIAS = 2.5;
/** Typo matches score their trigram similarity (0..1), below every prefix match. */
const TYPO_MIN_SIMILARITY = 0.3;

interface Entry {
  folded: string;
  place: number;
  weight: number;
}

/** pg_trgm's trigrams: each word padded with two spaces before and one after. */
function trigrams(folded: string) {
  const set = new Set<string>();
  for (const word of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index++)
      set.add(padded.slice(index, index + 3));
  }
  return set;
}

/**
 * The search of places by what a person types (docs/places.md "Finding a place"): every name of
 * every place, folded, in one sorted array (a prefix is a range) and an inverted index of
 * trigrams (a typo shares most of them). About 30 000 names: built once per process in ~100 ms,
 * then a search costs well under a millisecond, with no database round trip.
 */
export class Gazetteer {
  readonly places: GazetteerPlace[];
  private readonly entries: Entry[];
  private readonly grams = new Map<string, number[]>();
  private readonly gramCounts: number[];
  private largest: GazetteerPlace[] | undefined;

  constructor(rows: ExtractRow[], places = placesOf(rows)) {
    this.places = places;
    const byKey = new Map<string, Entry>();
    const add = (folded: string, place: number, weight: number) => {
      if (folded.length === 0) return;
      const key = `${place}:${folded}`;
      const known = byKey.get(key);
      if (!known || known.weight < weight) byKey.set(key, { folded, place, weight });
    };
    rows.forEach(([, , , , , , names, aliases], place) => {
      for (const name of Object.values(names)) {
        const [folded, ...words] = wordsOf(fold(name));
        add(folded!, place, PRIMARY);
        for (const word of words) add(word, place, PRIMARY_WORD);
      }
      for (const alias of aliases) add(fold(alias), place, ALIAS);
    });
    this.entries = [...byKey.values()].sort((a, b) =>
      a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0,
    );
    this.gramCounts = this.entries.map((entry, index) => {
      const own = trigrams(entry.folded);
      for (const gram of own) {
        const list = this.grams.get(gram);
        if (list) list.push(index);
        else this.grams.set(gram, [index]);
      }
      return own.size;
    });
  }

  /** The places a person may mean, most likely first: prefixes, then look-alikes; larger first. */
  search(text: string, limit: number): GazetteerPlace[] {
    const query = fold(text);
    if (query.length === 0) return [];
    const scores = new Map<number, number>();
    const score = (place: number, value: number) => {
      if ((scores.get(place) ?? -1) < value) scores.set(place, value);
    };
    for (let index = this.firstAtLeast(query); index < this.entries.length; index++) {
      const entry = this.entries[index]!;
      if (!entry.folded.startsWith(query)) break;
      score(entry.place, entry.weight);
    }
    const own = trigrams(query);
    if (query.length >= 3 && own.size > 0) {
      const shared = new Map<number, number>();
      for (const gram of own) {
        for (const index of this.grams.get(gram) ?? [])
          shared.set(index, (shared.get(index) ?? 0) + 1);
      }
      for (const [index, common] of shared) {
        const similarity = common / (own.size + this.gramCounts[index]! - common);
        if (similarity < TYPO_MIN_SIMILARITY) continue;
        const entry = this.entries[index]!;
        score(entry.place, similarity + (entry.weight === PRIMARY ? 0.2 : 0));
      }
    }
    return [...scores]
      .sort(
        ([a, scoreA], [b, scoreB]) =>
          scoreB - scoreA ||
          this.places[b]!.population - this.places[a]!.population ||
          this.places[a]!.id - this.places[b]!.id,
      )
      .slice(0, limit)
      .map(([place]) => this.places[place]!);
  }

  /**
   * The places one of whose five names, or a later word of one, starts with `text` (accents and
   * case ignored; no look-alikes, no other names), larger first, each with those of its names
   * that do: what a filter of place names finds them by. Every place for an empty `text`.
   */
  startingWith(text: string, limit: number): { place: GazetteerPlace; names: string[] }[] {
    const query = fold(text);
    const found = new Set<number>();
    for (let index = this.firstAtLeast(query); query && index < this.entries.length; index++) {
      const entry = this.entries[index]!;
      if (!entry.folded.startsWith(query)) break;
      if (entry.weight !== ALIAS) found.add(entry.place);
    }
    // Every place starts with nothing: the largest, sorted once (sorting them all took 3 ms).
    const places = query
      ? [...found].map((index) => this.places[index]!).sort(largerFirst)
      : (this.largest ??= [...this.places].sort(largerFirst));
    return places.slice(0, limit).map((place) => ({ place, names: namesStarting(place, query) }));
  }

  /** The index of the first entry not below `query` (binary search). */
  private firstAtLeast(query: string) {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]!.folded < query) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const largerFirst = (a: GazetteerPlace, b: GazetteerPlace) =>
  b.population - a.population || a.id - b.id;

/** The language a country names its own places in. */
const OWN_LANGUAGE: Record<string, Language> = { SK: 'sk', CZ: 'cs', UA: 'uk' };

/**
 * A place's distinct names of which the whole, or a later word, starts with `query` (folded);
 * for nothing typed, the name its own country gives it ("Praha", not also "Prague" and "Прага").
 */
const namesStarting = (place: GazetteerPlace, query: string) =>
  query
    ? [...new Set(Object.values(place.names))].filter((name) => startsAWordOf(name, query))
    : [place.names[OWN_LANGUAGE[place.country] ?? 'en']];

const placesOf = (rows: ExtractRow[]): GazetteerPlace[] =>
  rows.map(([id, country, regionCode, population, lat, lon, names]) => ({
    id,
    country,
    regionCode,
    population,
    lat,
    lon,
    names,
  }));

let extracted: GazetteerPlace[] | undefined;
/** The places of the committed extract, in its order, made on first use (a few ms). */
export const extractPlaces = () => (extracted ??= placesOf(EXTRACT));

let built: Gazetteer | undefined;
/** The gazetteer of the committed extract, built on first use (about 100 ms). */
export const gazetteer = () => (built ??= new Gazetteer(EXTRACT, extractPlaces()));
