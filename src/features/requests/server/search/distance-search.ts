import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import { intArray, isAnyOf, isCountedAmong } from '../../../../server/db/arrays';
import type { Db } from '../../../../server/db/database';
import {
  directSql,
  directStatement,
  readDirect,
  type RowMaker,
} from '../../../../server/db/direct';
import type { DistanceSort } from '../../requests.schema';
import { cardOf, cardRow, type Card } from '../cards';
import { workRequests } from '../tables';

/** A card of a list around a place, with its distance from that place. */
export type CardAround = Card & { distanceKm: number };

/** The places within the radius, nearest first (places' `placesWithin`, the GiST index). */
export interface PlacesAround {
  ids: number[];
  kmById: Map<number, number>;
}

/** A card's fields, then the request's place and its instant as a timestamp (for the order). */
const aroundRow = {
  ...cardRow,
  placeId: sql<number>`${workRequests.placeId}`.as('placeId'),
  created: sql<Date>`${workRequests.createdAt}`.as('created'),
};

/**
 * The columns a card is made of, read for the page before its bids are counted and its picture
 * found: the page's rows only, where PostgreSQL, guessing those looks cheap (no bids yet), would
 * make them for every match before sorting (983 twice over for a page of 100: 2 of its 9 ms).
 */
const pageColumns = {
  id: workRequests.id,
  title: workRequests.title,
  description: workRequests.description,
  category: workRequests.category,
  location: workRequests.location,
  status: workRequests.status,
  createdAt: workRequests.createdAt,
  deadline: workRequests.deadline,
  bidsUntil: workRequests.bidsUntil,
  placeId: workRequests.placeId,
};

const cardAroundOf =
  (kmById: Map<number, number>): RowMaker<CardAround> =>
  (fields) => ({ ...cardOf(fields), distanceKm: kmById.get(fields[11] as number) ?? 0 });

/**
 * Newest first among the places' requests. `isAnyOf` lets PostgreSQL weigh each place
 * by its own statistics: a few quiet villages are read from `(place_id, created_at, id)` and
 * sorted, a wide radius around a city walks the listed requests newest first and stops at a full
 * page (docs/directory.md "Distance search").
 */
function newestPage(db: Db, where: SQL, around: PlacesAround, limit: number, offset: number) {
  const page = db
    .select(pageColumns)
    .from(workRequests)
    .where(and(where, isAnyOf(workRequests.placeId, around.ids)))
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(limit)
    .offset(offset)
    .as('work_requests');
  return db.select(aroundRow).from(page).orderBy(desc(page.createdAt), desc(page.id));
}

/**
 * Nearest place first, newest first within a place: one index read per place, in distance
 * order, each stopping at what the page can still use, so a page near a busy town reads only
 * that town's newest requests and never the farther places.
 */
function nearestPage(db: Db, where: SQL, around: PlacesAround, limit: number, offset: number) {
  const perPlace = db
    .select(aroundRow)
    .from(workRequests)
    .where(and(where, sql`${workRequests.placeId} = around.place`))
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(offset + limit);
  const query = sql`select found.* from unnest(${intArray(around.ids)}) with ordinality as around(place, nearness)
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
  const page =
    sort === 'distance'
      ? nearestPage(db, where, around, limit, offset)
      : directStatement<CardAround>(newestPage(db, where, around, limit, offset));
  const [rows, [counted]] = await Promise.all([
    readDirect(db, page, {}, cardAroundOf(around.kmById)),
    readDirect(db, directStatement<{ n: number }>(countAround(db, where, around, upTo))),
  ]);
  return { rows, counted: counted?.n ?? 0 };
}
