import { sql, type SQL } from 'drizzle-orm';
import { intArray, uuidArray } from '../../../server/db/arrays';
import type { Db } from '../../../server/db/database';
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
 * Nearest place first (one index read per place, `provider_profiles_place_idx`, in distance
 * order, each stopping at what the page can still use), then by id within a place.
 */
async function nearestPage(db: Db, where: SQL, placeIds: number[], limit: number, offset: number) {
  const result =
    await db.execute<PageRow>(sql`select found.* from unnest(${intArray(placeIds)}) with ordinality as around(place, nearness)
    cross join lateral (select ${providerFields} from ${fromProviders}
      where ${where} and ${providerProfiles.placeId} = around.place
      order by ${users.id} limit ${offset + limit}) as found
    order by around.nearness, found.id limit ${limit} offset ${offset}`);
  return result.rows;
}

/**
 * Best rated first (then most reviewed), among the providers in the places or all of them: in
 * the order of `provider_profiles_rating_idx`, so PostgreSQL may walk it and stop at a full page
 * where the places hold many providers, or read the places' few and sort them.
 */
async function bestRatedPage(db: Db, where: SQL, limit: number, offset: number) {
  const result = await db.execute<PageRow>(sql`select ${providerFields} from ${fromProviders}
    where ${where}
    order by (${averageRating}) desc nulls last, ${providerProfiles.reviewCount} desc nulls last,
      ${providerProfiles.userId}
    limit ${limit} offset ${offset}`);
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
 * A page of the directory and its providers counted up to `upTo`: in the places given (nearest
 * place first, or best rated first), or everywhere (best rated first).
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
  const [page, counted] = await Promise.all([
    placeIds && query.sort === 'distance'
      ? nearestPage(db, listedProvider(query.category), placeIds, limit, offset)
      : bestRatedPage(db, where, limit, offset),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${fromProviders} where ${where} limit ${query.upTo}) as listed`,
    ),
  ]);
  return { rows: page, counted: counted.rows[0]?.n ?? 0 };
}
