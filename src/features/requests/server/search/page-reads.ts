import { count, desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../server/db/database';
import {
  directSql,
  writtenOnce,
  type DirectStatement,
  type RowMaker,
} from '../../../../server/db/direct';
import { cardFields, cardOf, cardRow, type Card } from '../cards';
import { workRequests } from '../tables';

// The statements a search's page and count are read with (search.repo.ts chooses among them).

type Reader = Pick<Db, 'select' | 'execute'>;

/** Newest first, as the listed requests' indexes keep them (an `order by`'s keys). */
export const newestFirst = writtenOnce(
  sql`${workRequests.createdAt} desc, ${workRequests.id} desc`,
);

/** A page of listed requests' cards, newest first (of `from`, a window of them if given). */
export function readPage(
  where: SQL,
  limit: number | Placeholder,
  offset: number | Placeholder,
  from: typeof workRequests | SQL = workRequests,
) {
  return sql`select ${cardFields} from ${from} where ${where}
    order by ${newestFirst} limit ${limit} offset ${offset}`;
}

/** The query counting matches up to `upTo` (EXACT_COUNT_LIMIT + 1), newest first unless `unordered`. */
export function countMatches(reader: Reader, where: SQL, unordered: boolean, upTo: number) {
  const matches = reader
    .select({ one: sql`1` })
    .from(workRequests)
    .where(where);
  return reader
    .select({ n: count().as('n') })
    .from(
      (unordered ? matches : matches.orderBy(desc(workRequests.createdAt), desc(workRequests.id)))
        .limit(upTo)
        .as('matches'),
    );
}

/**
 * A page of rare matches read from the indexes, with the matches counted up to `upTo` by the
 * same read. Apart, the page read every match from the table to sort them and the count read
 * them again (a word of 1 578 matches: 3.7 ms and 1.7 ms); here the matches' keys and dates are
 * read once, kept, sorted for the page and counted, and only the page's requests read whole
 * (3.4 ms in all), each found again where the read found it (its `ctid`, in the statement's own
 * snapshot): looking a hundred keys up in the primary key's index cost PostgreSQL 0.2 ms a
 * search in the never-repeating mix, its pages read from the system's cache on a first search
 * (docs/performance.md). Each card comes with the count (one value, computed once). Run under
 * BY_INDEX with one plan per connection (readGeneric): read from the indexes as the settings say,
 * its plan is the same for any words, and planning it for each search cost 0.4–0.8 ms, as much as
 * a rare search's read.
 */
export function countedPage(
  where: SQL,
  page: { limit: number; offset: number; upTo: number },
): DirectStatement<{ card: Card; counted: number }> {
  const { id, createdAt } = workRequests;
  return directSql(
    sql`with matched as materialized (select ctid as tid, ${id} as id, ${createdAt} as created_at
        from ${workRequests} where ${where})
      select ${cardFields},
        (select count(*)::int from (select from matched limit ${page.upTo}) as counted) as "counted"
      from ${workRequests}
      where ctid = any(array(select tid from matched order by created_at desc, id desc
        limit ${page.limit} offset ${page.offset}))
      order by ${createdAt} desc, ${id} desc`,
  );
}

/** Where the count stands in each row of that page: after the card's fields. */
const COUNTED_AT = Object.keys(cardRow).length;

/** A card of that page, and the count every row carries. */
export const countedCardOf: RowMaker<{ card: Card; counted: number }> = (fields) => ({
  card: cardOf(fields),
  counted: fields[COUNTED_AT] as number,
});
