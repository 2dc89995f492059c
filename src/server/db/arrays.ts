import { sql } from 'drizzle-orm';

/**
 * An array as one parameter, in PostgreSQL's array text (`{1,2,3}`): Drizzle writes a JavaScript
 * array in `sql` as a list of parameters instead, which `unnest` and `= any` do not take.
 * Only for values of our own making: whole numbers, uuids.
 */
export const intArray = (values: readonly number[]) =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

export const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
