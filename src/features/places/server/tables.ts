import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../../shared/languages';

/** A point on the earth (the `earthdistance` extension's `earth`), for GiST indexes and distances. */
export const earthOf = (lat: SQL | unknown, lon: SQL | unknown): SQL =>
  sql`ll_to_earth(${lat}, ${lon})`;

/**
 * The towns and villages of Slovakia, Czechia and Ukraine (GeoNames cities500, CC BY 4.0),
 * imported from the committed extract on every migration (import.ts). The id is GeoNames' own.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey(),
    country: text('country').notNull(),
    /** `SK-05`: the country and GeoNames' first-level division (a kraj, an oblast). */
    regionCode: text('region_code').notNull(),
    population: integer('population').notNull().default(0),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** The place's name in each of the five languages. */
    names: jsonb('names').$type<Record<Language, string>>().notNull(),
  },
  (t) => [check('places_country_check', sql`${t.country} in ('SK', 'CZ', 'UA')`)],
);

/**
 * The five names of every place, folded (lower case, no accents): what the free-text locations
 * written before places existed are matched against (import.ts). Searching by what a person types
 * is done by the gazetteer in memory (gazetteer.ts).
 */
export const placeNames = pgTable(
  'place_names',
  {
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    folded: text('folded').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.placeId, t.folded] }),
    index('place_names_folded_idx').on(t.folded),
  ],
);

/** Which extract the places were last imported from, and whether old locations were matched. */
export const placesImports = pgTable('places_imports', {
  version: text('version').primaryKey(),
});
