import { sql } from 'drizzle-orm';
import { intArray } from '../../../../server/db/arrays';
import type { Db } from '../../../../server/db/database';
import { placesStartingWith } from '../../../places/server';
import { fold } from '../../../places/fold';
import { listedRequest, workRequests } from '../tables';

/** Town suggestions offered at most. */
export const LOCATION_SUGGESTIONS = 10;

/** The largest places starting with the prefix that are asked whether requests are listed there. */
const PLACE_CANDIDATES = 40;

/**
 * What the town filter offers for `prefix` (accents and case ignored): first the places with
 * listed (open) requests whose name starts with it, larger first, in each of their spellings
 * that does ("kos" offers "Košice", "кош" both "Кошице" and "Кошиці"), then the distinct
 * locations (detail lines) of listed requests starting with it, alphabetically, that do not
 * repeat a place's name. The filter finds a request by both (migration 0041). The answer is
 * the same in every language, so shared caches may keep it.
 */
export async function suggestLocations(db: Db, prefix: string): Promise<string[]> {
  const [places, lines] = await Promise.all([
    placesWithRequests(db, prefix),
    locationsStarting(db, prefix),
  ]);
  const offered = new Set(places.map(fold));
  return [...places, ...lines.filter((line) => !offered.has(fold(line)))].slice(
    0,
    LOCATION_SUGGESTIONS,
  );
}

/** The names starting with `prefix` of the largest such places that have listed requests. */
async function placesWithRequests(db: Db, prefix: string) {
  const candidates = placesStartingWith(prefix, PLACE_CANDIDATES);
  if (candidates.length === 0) return [];
  // One step of `work_requests_listed_place_created_idx` per place.
  const result = await db.execute<{ id: number }>(sql`
    select c.id from unnest(${intArray(candidates.map(({ place }) => place.id))}) as c(id)
     where exists (select from ${workRequests}
                    where ${listedRequest(workRequests)} and ${workRequests.placeId} = c.id)`);
  const listed = new Set(result.rows.map((row) => row.id));
  // Several places share a name (five "Staré Město"): each name is offered once.
  return [
    ...new Set(
      candidates.filter(({ place }) => listed.has(place.id)).flatMap(({ names }) => names),
    ),
  ];
}

/**
 * The distinct locations of listed requests starting with `prefix`, accents and case ignored, in
 * alphabetical order. One index step per location (`work_requests_listed_location_idx`), however
 * many requests share it; each location is shown as one of its requests spells it.
 */
async function locationsStarting(db: Db, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const key = sql`(lower(f_unaccent(${workRequests.location})) collate "C")`;
  const listed = listedRequest(workRequests);
  const result = await db.execute<{ location: string }>(sql`
    with recursive keys(k) as (
      (select ${key} from ${workRequests}
        where ${listed} and ${key} like lower(f_unaccent(${pattern})) order by 1 limit 1)
      union all
      select (select ${key} from ${workRequests}
        where ${listed} and ${key} like lower(f_unaccent(${pattern})) and ${key} > keys.k
        order by 1 limit 1)
      from keys where keys.k is not null
    )
    select (select ${workRequests.location} from ${workRequests}
      where ${listed} and ${key} = keys.k limit 1) as location
    from keys where keys.k is not null
    limit ${LOCATION_SUGGESTIONS}`);
  return result.rows.map((row) => row.location);
}
