import { sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import { listedRequest, workRequests } from '../tables';

/** Town suggestions offered at most. */
export const LOCATION_SUGGESTIONS = 10;

/**
 * The distinct locations of listed (open) requests starting with `prefix`, accents and case
 * ignored, in alphabetical order: "kos" offers "Košice". One index step per location
 * (`work_requests_listed_location_idx`), however many requests share it; each location is shown
 * as one of its requests spells it.
 */
export async function suggestLocations(db: Db, prefix: string): Promise<string[]> {
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
