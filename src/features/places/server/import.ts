import { createHash } from 'node:crypto';
import type pg from 'pg';
import { fold } from '../fold';
import { EXTRACT as rows } from './gazetteer';

/**
 * A free-text location's town, folded as place names are: the text before the first " - ", comma,
 * slash or bracket ("Košice - Juh" and "Kosice, Terasa" are both Košice).
 */
const townOf = (column: string) =>
  `lower(f_unaccent(btrim(split_part(regexp_replace(${column}, '\\s+[-–]\\s+|[,(/;]', ',', 'g'), ',', 1))))`;

/**
 * Gives `place_id` to the rows of `table` that have none and whose location names one place
 * unambiguously: the only place of that name, or one at least ten times as populous as the next
 * (Košice the city, not the Czech village).
 */
function matchLocationsSql(table: string) {
  return `
    with candidates as (
      select t.ctid as row_id, p.id as place_id, p.population,
             row_number() over (partition by t.ctid order by p.population desc, p.id) as rank,
             lead(p.population) over (partition by t.ctid order by p.population desc, p.id) as next
        from ${table} t
        join place_names n on n.folded = ${townOf('t.location')}
        join places p on p.id = n.place_id
       where t.place_id is null and t.location is not null
    )
    update ${table} t set place_id = c.place_id
      from candidates c
     where t.ctid = c.row_id and c.rank = 1 and (c.next is null or c.population >= 10 * c.next)`;
}

/** The tables whose free-text location is matched to a place. */
const LOCATED = ['work_requests', 'client_profiles', 'provider_profiles'];

/** Matches the locations written before places existed (or before a place was chosen). */
export async function matchLocations(client: Pick<pg.Client, 'query'>) {
  for (const table of LOCATED) await client.query(matchLocationsSql(table));
}

/**
 * Imports the committed extract into `places` and `place_names` when it differs from the one
 * imported last; the first import also matches the existing free-text locations to places.
 * Runs inside the migration lock (db/migrate.ts).
 */
export async function importPlaces(client: pg.Client) {
  const data = JSON.stringify(
    rows.map(([id, country, regionCode, population, lat, lon, names]) => ({
      id,
      country,
      region_code: regionCode,
      population,
      lat,
      lon,
      names,
      folded: [...new Set(Object.values(names).map(fold))],
    })),
  );
  // What is imported names its version: a new extract (or a new folding of its names) is imported
  // once, by whichever instance migrates first.
  const version = createHash('sha256').update(data).digest('hex');
  const done = await client.query<{ version: string }>('select version from places_imports');
  if (done.rows.some((row) => row.version === version)) return;
  const first = done.rows.length === 0;
  await client.query('begin');
  try {
    // The places whose names the new extract changes (every statement of the query reads the
    // table as it was before the upsert).
    const renamed = await client.query<{ id: number }>(
      `with before as (select id, names from places),
       upserted as (
         insert into places (id, country, region_code, population, lat, lon, names)
         select id, country, region_code, population, lat, lon, names
           from jsonb_to_recordset($1::jsonb)
             as x(id int, country text, region_code text, population int, lat float8, lon float8, names jsonb)
         on conflict (id) do update set country = excluded.country,
           region_code = excluded.region_code, population = excluded.population,
           lat = excluded.lat, lon = excluded.lon, names = excluded.names
         returning id, names)
       select u.id from upserted u join before b using (id) where b.names is distinct from u.names`,
      [data],
    );
    // Their requests are found by the new names (migration 0041): writing `place_id` again lets
    // the request's trigger name it anew, and the known words take the new names.
    if (renamed.rows.length > 0) {
      await client.query(
        'update work_requests set place_id = place_id where place_id = any($1::int[])',
        [renamed.rows.map((row) => row.id)],
      );
    }
    await client.query(
      `delete from places where id not in (select (x->>'id')::int from jsonb_array_elements($1::jsonb) x)`,
      [data],
    );
    await client.query('delete from place_names');
    await client.query(
      `insert into place_names (place_id, folded)
       select x.id, n.folded
         from jsonb_to_recordset($1::jsonb) as x(id int, folded jsonb),
         lateral jsonb_array_elements_text(x.folded) as n(folded)`,
      [data],
    );
    if (first) await matchLocations(client);
    await client.query('delete from places_imports');
    await client.query('insert into places_imports (version) values ($1)', [version]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
  await client.query('analyze places, place_names');
}
