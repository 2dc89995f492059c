import { sql, type SQL } from 'drizzle-orm';
import { intArray, uuidArray } from '../../../server/db/arrays';
import type { Db } from '../../../server/db/database';
import { readLastOf, sqlText } from '../../../server/db/direct';
import type { Category } from '../../../shared/categories';
import {
  activeProvider,
  averageRatingOf,
  providerProfiles,
  users,
} from '../../accounts/server/tables';
import { bids, workRequests } from '../../requests/server/tables';
import type { DirectorySort } from '../providers.schema';

/** A provider of the directory as its page of the list reads them. */
export interface DirectoryRow {
  id: string;
  name: string;
  hasPicture: boolean;
  serviceCategory: Category | null;
  serviceCategories: Category[];
  placeId: number | null;
  averageRating: number | null;
  reviewCount: number;
  completedJobs: number;
}

/** Listed in the directory: active providers, in the category by their main or another trade. */
function listedProvider(category: Category | undefined): SQL {
  const inCategory = category
    ? sql` and (${providerProfiles.serviceCategory} = ${category} or ${category} = any(${providerProfiles.serviceCategories}))`
    : sql``;
  return sql`${activeProvider}${inCategory}`;
}

/** The average stars, as `provider_profiles_rating_idx` orders them. */
const averageRating = averageRatingOf(providerProfiles);

/** A provider's fields, named as DirectoryRow names them (the finished jobs come later). */
const providerFields = sql`${users.id} as "id", ${users.name} as "name",
  ${providerProfiles.pictureKey} is not null as "hasPicture",
  ${providerProfiles.serviceCategory} as "serviceCategory",
  ${providerProfiles.serviceCategories}::text[] as "serviceCategories",
  ${providerProfiles.placeId} as "placeId",
  ${averageRating} as "averageRating", ${providerProfiles.reviewCount} as "reviewCount"`;

const fromProviders = sql`${providerProfiles} join ${users} on ${users.id} = ${providerProfiles.userId}`;

/**
 * Jobs the provider won and finished: their accepted bids (`bids_provider_created_idx`) whose
 * request is COMPLETED on that bid.
 */
const completedJobs = (providerId: SQL) =>
  sql`(select count(*)::int from ${bids} join ${workRequests} on ${workRequests.id} = ${bids.workRequestId}
    where ${bids.providerId} = ${providerId} and ${bids.status} = 'ACCEPTED'
    and ${workRequests.acceptedBidId} = ${bids.id} and ${workRequests.status} = 'COMPLETED')`;

export type PageRow = Omit<DirectoryRow, 'completedJobs'>;

/**
 * Nearest place first, best rated first within a place: one read per place in distance order
 * along `provider_profiles_place_rating_idx`, each stopping at what the page can still use (a
 * city of 7 000 providers gives its best 20 of the trade, not all of them sorted).
 */
async function nearestPage(db: Db, where: SQL, placeIds: number[], limit: number, offset: number) {
  const query = sql`select found.*
    from unnest(${intArray(placeIds)}) with ordinality as around(place, nearness)
    cross join lateral (select ${providerFields} from ${fromProviders}
      where ${where} and ${providerProfiles.placeId} = around.place
      order by (${averageRating}) desc nulls last, ${providerProfiles.reviewCount} desc nulls last,
        ${providerProfiles.userId}
      limit ${offset + limit}) as found
    order by around.nearness, found."averageRating" desc nulls last, found."reviewCount" desc nulls last, found.id
    limit ${limit} offset ${offset}`;
  // PostgreSQL plans one read for every place, as if each held the average few providers: it
  // would read a city's thousands and sort them. Without bitmap scans it walks the index in
  // order and stops. The setting holds for this statement alone (search.repo.ts `BY_INDEX`
  // tells how); the values written into the text are our own (ids, numbers, a category code).
  return readLastOf<PageRow>(
    db,
    sqlText(sql`select set_config('enable_bitmapscan', 'off', true); ${query}`.inlineParams()),
  );
}

/**
 * From this many matches around a place, the rating order is walked: at least one provider in
 * 330 matches, so a page of 20 passes about 6 600 at most (8 ms at 100 000 providers), where
 * reading and sorting every match may pass every provider in the radius.
 */
const WALK_FROM = 300;

const BEST_RATED_FIRST = sql`order by "averageRating" desc nulls last, "reviewCount" desc nulls last, "id"`;

/**
 * Best rated first (then most reviewed), among the providers in the places or all of them.
 * `walk`: in the order of `provider_profiles_rating_idx`, stopping at a full page, for many
 * matches; else every match read (by place) and sorted, for few. PostgreSQL cannot tell which:
 * it took 49 matches among 36 000 providers for many and walked them all (45 ms instead of 2).
 */
async function bestRatedPage(db: Db, where: SQL, limit: number, offset: number, walk: boolean) {
  const matches = sql`select ${providerFields} from ${fromProviders} where ${where}`;
  const result = await db.execute<PageRow>(
    walk
      ? sql`${matches} order by (${averageRating}) desc nulls last,
          ${providerProfiles.reviewCount} desc nulls last, ${providerProfiles.userId}
          limit ${limit} offset ${offset}`
      : sql`with found as materialized (${matches})
          select * from found ${BEST_RATED_FIRST} limit ${limit} offset ${offset}`,
  );
  return result.rows;
}

/** The finished jobs of the providers of one page, in the page's order. */
export async function withTrackRecord(db: Db, page: PageRow[]): Promise<DirectoryRow[]> {
  if (page.length === 0) return [];
  const result = await db.execute<{ id: string; completedJobs: number }>(
    sql`select listed.id, ${completedJobs(sql`listed.id`)} as "completedJobs"
      from unnest(${uuidArray(page.map((row) => row.id))}) as listed(id)`,
  );
  const jobs = new Map(result.rows.map((row) => [row.id, row.completedJobs]));
  return page.map((row) => ({ ...row, completedJobs: jobs.get(row.id) ?? 0 }));
}

/**
 * A page of the directory and its providers counted up to `upTo` (further by rating around a
 * place: WALK_FROM): in the places given (nearest place first, or best rated first), or
 * everywhere (best rated first).
 */
export async function listDirectory(
  db: Db,
  query: {
    category: Category | undefined;
    placeIds: number[] | undefined;
    sort: DirectorySort;
    limit: number;
    offset: number;
    upTo: number;
  },
): Promise<{ rows: PageRow[]; counted: number }> {
  const { placeIds, limit, offset } = query;
  if (placeIds?.length === 0) return { rows: [], counted: 0 };
  const where = placeIds
    ? sql`${listedProvider(query.category)} and ${providerProfiles.placeId} = any(${intArray(placeIds)})`
    : listedProvider(query.category);
  // Around a place by rating, counted far enough to choose the plan (WALK_FROM).
  const upTo =
    placeIds && query.sort === 'rating' ? Math.max(query.upTo, WALK_FROM + 1) : query.upTo;
  const count = () =>
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${fromProviders} where ${where} limit ${upTo}) as listed`,
    );
  if (placeIds && query.sort === 'distance') {
    const [page, counted] = await Promise.all([
      nearestPage(db, listedProvider(query.category), placeIds, limit, offset),
      count(),
    ]);
    return { rows: page, counted: counted.rows[0]?.n ?? 0 };
  }
  // By rating around a place: the count (a few ms) tells whether the matches are many enough
  // to walk the rating order; everywhere, they always are.
  const counted = placeIds ? ((await count()).rows[0]?.n ?? 0) : undefined;
  const walk = counted === undefined || counted > WALK_FROM;
  const [page, everywhere] = await Promise.all([
    bestRatedPage(db, where, limit, offset, walk),
    counted === undefined ? count() : undefined,
  ]);
  return { rows: page, counted: counted ?? everywhere?.rows[0]?.n ?? 0 };
}
