import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * An array as one parameter, in PostgreSQL's array text (`{1,2,3}`): Drizzle writes a JavaScript
 * array in `sql` as a list of parameters instead, which `unnest` and `= any` do not take.
 * Only for values of our own making: whole numbers, uuids.
 */
export const intArray = (values: readonly number[]) =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

export const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

/**
 * `column` is one of `values`, written `= any(…)`: PostgreSQL weighs each value by the column's
 * statistics while planning (about 1.3 µs a value) and chooses its reads by them (a few villages
 * read from their index, a city's thousands walked).
 */
export const isAnyOf = (column: SQLWrapper, values: readonly number[]) =>
  sql`${column} = any(${intArray(values)})`;

/**
 * `column` is one of `values`, given as rows PostgreSQL hashes once: nothing weighed while
 * planning (2 000 values: 2.7–2.9 ms there), for a filter whose plan does not depend on them.
 */
export const isAmong = (column: SQLWrapper, values: readonly number[]) =>
  sql`${column} in (select unnest(${intArray(values)}))`;

/** Up to this many values a count weighs each (`isAnyOf`); past it they are a list (`isAmong`). */
const WEIGHED_VALUES = 200;

/**
 * `column` is one of `values`, for a count of matches: among a few, PostgreSQL weighs them and
 * reads the fewest rows; among many, weighing costs more than the count (2.9 ms planning for a
 * count of 1.1 among 2 093 places), and any plan finds the limit soon.
 */
export const isCountedAmong = (column: SQLWrapper, values: readonly number[]) =>
  values.length > WEIGHED_VALUES ? isAmong(column, values) : isAnyOf(column, values);

/**
 * Up to this many places, reading them one by one (`eachPlace`) under one plan for any places
 * (readGeneric) costs less than PostgreSQL weighing each while planning. At a million requests
 * and 100 000 providers, in `psql`: a page of requests newest first 0.3–3 ms weighed for 5–300
 * places against 0.2–2.5 ms read place by place, a count 0.5 ms planning alone, the directory's
 * providers 1.55 → 1.19 ms and their count 1.26 → 1.06 ms.
 */
export const PLACE_BY_PLACE_MAX = 300;

/** In a read of `eachPlace`: the place it is made for, and its rank in the list (1, 2, …). */
export const AROUND_PLACE = sql.raw('around.place');
export const AROUND_NEARNESS = sql.raw('around.nearness');

/**
 * `read` made once for each of `places`, in their order, its rows as one source (`from
 * ${eachPlace(ids, read)} as found`): each read is that of one place from its index, and the
 * plan is the same for any places.
 */
export const eachPlace = (places: readonly number[], read: SQL) =>
  sql`unnest(${intArray(places)}) with ordinality as around(place, nearness)
    cross join lateral (${read})`;
