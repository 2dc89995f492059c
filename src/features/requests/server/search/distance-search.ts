import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import {
  AROUND_NEARNESS,
  AROUND_PLACE,
  eachPlace,
  intArray,
  isAnyOf,
  isCountedAmong,
  PLACE_BY_PLACE_MAX,
} from '../../../../server/db/arrays';
import type { Db } from '../../../../server/db/database';
import {
  directSql,
  directStatement,
  readDirect,
  readGeneric,
  readLastOf,
  writtenOnce,
  type RowMaker,
} from '../../../../server/db/direct';
import type { DistanceSort } from '../../requests.schema';
import { cardAt, cardFields, cardRow, selectList, type Card } from '../cards';
import { workRequests } from '../tables';
import { newestFirst } from './page-reads';
import { NEWEST_FIRST, plannedText } from './planned';

/** A card of a list around a place, with its distance from that place. */
export type CardAround = Card & { distanceKm: number };

/** The places within the radius, nearest first (places' `placesWithin`, the GiST index). */
export interface PlacesAround {
  ids: number[];
  /** A place's distance from the place searched around. */
  kmTo: (placeId: number) => number;
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

/** A card of the page around, with its place's distance. */
const cardAroundOf =
  (kmTo: PlacesAround['kmTo']): RowMaker<CardAround> =>
  (fields) => {
    const card = cardAt(fields, undefined);
    card.distanceKm = kmTo(card.placeId!);
    return card as CardAround;
  };

/**
 * Among more places, a page newest first looks through this many of the newest listed requests
 * the search matches (of its category, if any) first (`windowNewest`), for pages reaching this
 * far at most.
 */
const AROUND_WINDOW_ROWS = 3_000;
const WINDOW_REACH = 500;

/** The page's requests read whole, newest first, from the ids `page` finds. */
const cardsOf = (page: SQL) =>
  sql`select ${cardFields} from ${workRequests} where ${workRequests.id} in (${page})
    order by ${newestFirst}`;

/**
 * Newest first among a few places' requests: each place's newest from `(place_id, category,
 * created_at, id)` alone, then the page among them, then only the page's requests read whole.
 * Its plan is that for any places (one read each), so it is made once per connection
 * (readGeneric): PostgreSQL weighing each place while planning cost more than the read (0.3–3 ms
 * for 5–300 places against 0.2–2.5 ms to read them, at a million requests).
 */
function perPlaceNewest(where: SQL, around: PlacesAround, limit: number, offset: number) {
  const { id, createdAt, placeId } = workRequests;
  const newestOfPlace = sql`select ${id} as id, ${createdAt} as created_at from ${workRequests}
    where ${where} and ${placeId} = ${AROUND_PLACE}
    order by ${newestFirst} limit ${offset + limit}`;
  return directSql<CardAround>(
    cardsOf(sql`select found.id from ${eachPlace(around.ids, newestOfPlace)} as found
      order by found.created_at desc, found.id desc limit ${limit} offset ${offset}`),
  );
}

/**
 * Newest first among many places' requests (a wide radius around a town): the newest listed
 * requests matching `where` walked in order, at most AROUND_WINDOW_ROWS, keeping those in the
 * places, until the page is full. The places are a list PostgreSQL hashes (`+ 0` keeps it from
 * weighing each of them while planning: 2–3 ms for a thousand and more); 1 800 places at 200 km:
 * 1.2 ms against 4.6 ms weighed. A page not filled there is read as `weighedNewest` reads it.
 */
function windowNewest(
  where: SQL,
  around: PlacesAround,
  { limit, offset, rows }: { limit: number; offset: number; rows: number },
) {
  const { id, createdAt, placeId } = workRequests;
  const walked = sql`select ${id} as id, ${createdAt} as created_at, ${placeId} as place_id
    from ${workRequests} where ${where} order by ${newestFirst} limit ${rows}`;
  return plannedText(
    NEWEST_FIRST,
    cardsOf(sql`select walked.id from (${walked}) as walked
      where (walked.place_id + 0) = any(${intArray(around.ids)})
      order by walked.created_at desc, walked.id desc limit ${limit} offset ${offset}`),
  );
}

/**
 * Newest first among the places' requests, PostgreSQL weighing each place by its own statistics
 * (`isAnyOf`): a few quiet villages read from `(place_id, category, created_at, id)` and sorted, a
 * wide radius around a city walked newest first to a full page. Any page, any places; planned for
 * each search (docs/directory.md "Distance search").
 */
function weighedNewest(db: Db, where: SQL, around: PlacesAround, limit: number, offset: number) {
  const page = db
    .select({ id: workRequests.id })
    .from(workRequests)
    .where(and(where, isAnyOf(workRequests.placeId, around.ids)))
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(limit)
    .offset(offset);
  return directSql<CardAround>(cardsOf(sql`${page}`));
}

/**
 * A page of the places' requests newest first, read as the number of places makes cheapest, or,
 * with search words, as PostgreSQL weighs them.
 */
async function newestPage(
  db: Db,
  where: SQL,
  around: PlacesAround,
  {
    limit,
    offset,
    words,
    windowRows,
    make,
  }: {
    limit: number;
    offset: number;
    words: boolean;
    windowRows: number;
    make: RowMaker<CardAround>;
  },
) {
  // With words, a place's newest may be far between (a rare word in a city of thousands): their
  // index is PostgreSQL's to weigh against the places'.
  if (words) return readDirect(db, weighedNewest(db, where, around, limit, offset), {}, make);
  if (around.ids.length <= PLACE_BY_PLACE_MAX) {
    return readGeneric(db, perPlaceNewest(where, around, limit, offset), {}, { make });
  }
  if (offset + limit <= WINDOW_REACH) {
    const window = { limit, offset, rows: windowRows };
    const found = await readLastOf(db, windowNewest(where, around, window), make);
    if (found.length === limit) return found;
  }
  return readDirect(db, weighedNewest(db, where, around, limit, offset), {}, make);
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
    where ${where} and ${workRequests.placeId} = ${AROUND_PLACE}
    order by ${newestFirst} limit ${offset + limit}`;
  const query = sql`select ${foundCardFields} from ${eachPlace(around.ids, perPlace)} as found
    order by ${AROUND_NEARNESS}, found.created desc, found.id desc
    limit ${limit} offset ${offset}`;
  return directSql<CardAround>(query);
}

/**
 * Matches counted up to `upTo`, in no order. Without words, among a few places (PLACE_BY_PLACE_MAX),
 * place by place from the place index, under one plan for any places (readGeneric): PostgreSQL
 * weighing each place while planning took as long as the count (0.5 ms each at a million
 * requests). Else as PostgreSQL weighs a few places, many being a list it hashes (db/arrays.ts
 * `isCountedAmong`).
 */
function countAround(db: Db, where: SQL, around: PlacesAround, upTo: number, words: boolean) {
  if (!words && around.ids.length <= PLACE_BY_PLACE_MAX) {
    const inPlace = sql`select 1 from ${workRequests}
      where ${where} and ${workRequests.placeId} = ${AROUND_PLACE} limit ${upTo}`;
    return readGeneric<{ n: number }>(
      db,
      directSql(sql`select count(*)::int as n from (select 1
        from ${eachPlace(around.ids, inPlace)} as found limit ${upTo}) as counted`),
    );
  }
  const matches = db
    .select({ one: sql`1` })
    .from(workRequests)
    .where(and(where, isCountedAmong(workRequests.placeId, around.ids)))
    .limit(upTo)
    .as('matches');
  return readDirect(
    db,
    directStatement<{ n: number }>(db.select({ n: count().as('n') }).from(matches)),
  );
}

/**
 * A page of listed requests within the places around, by distance or newest first, with the
 * matches counted up to `upTo`; page and count read at once, as browsing's are.
 */
export async function listRequestsAround(
  db: Db,
  where: SQL,
  around: PlacesAround,
  options: {
    sort: DistanceSort;
    limit: number;
    offset: number;
    upTo: number;
    /** Whether `where` has search words (or a town) besides the category. */
    words: boolean;
    /** How far a page newest first looks among many places first (AROUND_WINDOW_ROWS unless a test says). */
    windowRows?: number;
  },
): Promise<{ rows: CardAround[]; counted: number }> {
  if (around.ids.length === 0) return { rows: [], counted: 0 };
  const { sort, limit, offset, upTo, words } = options;
  const make = cardAroundOf(around.kmTo);
  const page =
    sort === 'distance'
      ? readGeneric(db, nearestPage(where, around, limit, offset), {}, { make })
      : newestPage(db, where, around, {
          limit,
          offset,
          words,
          windowRows: options.windowRows ?? AROUND_WINDOW_ROWS,
          make,
        });
  const [rows, [counted]] = await Promise.all([page, countAround(db, where, around, upTo, words)]);
  return { rows, counted: counted?.n ?? 0 };
}
