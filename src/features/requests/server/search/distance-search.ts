import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import { intArray, isAnyOf, isCountedAmong } from '../../../../server/db/arrays';
import type { Db } from '../../../../server/db/database';
import {
  directSql,
  directStatement,
  readDirect,
  readGeneric,
  writtenOnce,
  type RowMaker,
} from '../../../../server/db/direct';
import type { DistanceSort } from '../../requests.schema';
import { cardFields, cardOf, cardRow, selectList, type Card } from '../cards';
import { workRequests } from '../tables';
import { newestFirst } from './page-reads';

/** A card of a list around a place, with its distance from that place. */
export type CardAround = Card & { distanceKm: number };

/** The places within the radius, nearest first (places' `placesWithin`, the GiST index). */
export interface PlacesAround {
  ids: number[];
  kmById: Map<number, number>;
}

/**
 * A card's fields (its place among them), then its instant as a timestamp, for the order of a
 * page by distance: the page itself answers only the card's fields (`foundCardFields`), so the
 * server does not read a hundred dates it would not use (about 1.5 % of its time a search).
 */
const aroundFields = selectList({
  ...cardRow,
  created: sql<Date>`${workRequests.createdAt}`.as('created'),
});

/** A card's fields of the places' requests found (`found`), in `cardRow`'s order. */
const foundCardFields = writtenOnce(
  sql.join(
    Object.keys(cardRow).map((field) => sql`found.${sql.identifier(field)}`),
    sql`, `,
  ),
);

const cardAroundOf =
  (kmById: Map<number, number>): RowMaker<CardAround> =>
  (fields) => {
    const card = cardOf(fields);
    return { ...card, distanceKm: kmById.get(card.placeId!) ?? 0 };
  };

/**
 * Newest first among the places' requests. `isAnyOf` lets PostgreSQL weigh each place
 * by its own statistics: a few quiet villages are read from `(place_id, category, created_at,
 * id)` and sorted, a wide radius around a city walks the listed requests newest first and stops
 * at a full page (docs/directory.md "Distance search"). The page's ids are found first, from that
 * index alone where it holds all the search needs, and only the page's requests are read whole
 * and made cards: 1 436 gardening requests within 40 km were read from the table to keep 100
 * (3.3 ms; 1.4 ms so).
 */
function newestPage(db: Db, where: SQL, around: PlacesAround, limit: number, offset: number) {
  const page = db
    .select({ id: workRequests.id })
    .from(workRequests)
    .where(and(where, isAnyOf(workRequests.placeId, around.ids)))
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(limit)
    .offset(offset);
  return sql`select ${cardFields} from ${workRequests} where ${workRequests.id} in (${page})
    order by ${newestFirst}`;
}

/**
 * Nearest place first, newest first within a place: one index read per place, in distance
 * order, each stopping at what the page can still use, so a page near a busy town reads only
 * that town's newest requests and never the farther places. Each place's requests are read whole
 * as they are found: finding their keys first and then the page's cost a look-up more for each
 * (0.43–0.47 against 0.59–0.76 ms a page). Its plan is that for any places (one read each), so it
 * is made once per connection and kept (readGeneric): planning it for each search cost 0.5 ms.
 */
function nearestPage(where: SQL, around: PlacesAround, limit: number, offset: number) {
  const perPlace = sql`select ${aroundFields} from ${workRequests}
    where ${where} and ${workRequests.placeId} = around.place
    order by ${newestFirst} limit ${offset + limit}`;
  const query = sql`select ${foundCardFields} from unnest(${intArray(around.ids)}) with ordinality as around(place, nearness)
    cross join lateral (${perPlace}) as found
    order by around.nearness, found.created desc, found.id desc
    limit ${limit} offset ${offset}`;
  return directSql<CardAround>(query);
}

/**
 * Matches counted up to `upTo`, in no order (the place index finds them place by place); among
 * many places the places are a list (db/arrays.ts `isCountedAmong`).
 */
function countAround(db: Db, where: SQL, around: PlacesAround, upTo: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(workRequests)
    .where(and(where, isCountedAmong(workRequests.placeId, around.ids)))
    .limit(upTo)
    .as('matches');
  return db.select({ n: count().as('n') }).from(matches);
}

/**
 * A page of listed requests within the places around, by distance or newest first, with the
 * matches counted up to `upTo`; page and count read at once, as browsing's are.
 */
export async function listRequestsAround(
  db: Db,
  where: SQL,
  around: PlacesAround,
  options: { sort: DistanceSort; limit: number; offset: number; upTo: number },
): Promise<{ rows: CardAround[]; counted: number }> {
  if (around.ids.length === 0) return { rows: [], counted: 0 };
  const { sort, limit, offset, upTo } = options;
  const make = cardAroundOf(around.kmById);
  const page =
    sort === 'distance'
      ? readGeneric(db, nearestPage(where, around, limit, offset), {}, { make })
      : readDirect(
          db,
          directSql<CardAround>(newestPage(db, where, around, limit, offset)),
          {},
          make,
        );
  const [rows, [counted]] = await Promise.all([
    page,
    readDirect(db, directStatement<{ n: number }>(countAround(db, where, around, upTo))),
  ]);
  return { rows, counted: counted?.n ?? 0 };
}
