import { sql, type SQL } from 'drizzle-orm';
import {
  AROUND_NEARNESS,
  AROUND_PLACE,
  eachPlace,
  isAmong,
  isAnyOf,
  isCountedAmong,
  PLACE_BY_PLACE_MAX,
} from '../../../server/db/arrays';
import type { Db } from '../../../server/db/database';
import {
  directSql,
  readGeneric,
  readLastOf,
  sqlText,
  writtenOnce,
} from '../../../server/db/direct';
import { pageTellsTotal } from '../../../server/paging';
import type { Category } from '../../../shared/categories';
import { averageRatingOf, providerProfiles, users } from '../../accounts/server/tables';
import { providerStats } from './tables';
import type { DirectorySort } from '../providers.schema';
import { approvalsOfProvider, type ApprovalJson } from '../../verifications/server/tables';

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
  /** The account's creation (a Date, or its text as the direct read gives it). */
  memberSince: Date | string;
  /** The provider's figures as last computed (`provider_stats`); all null before the first. */
  statsComputedAt: Date | null;
  medianAnswerSeconds: number | null;
  answeredCount: number | null;
  completedJobs: number | null;
  /** Their approvals, for their badges (verifications' `approvalsOfProvider`). */
  approvals: ApprovalJson[];
}

/** In the category by their main or another trade (the profile's own columns only). */
function inCategory(category: Category | undefined): SQL {
  return category
    ? sql`(${providerProfiles.serviceCategory} = ${category} or ${category} = any(${providerProfiles.serviceCategories}))`
    : sql`true`;
}

/**
 * Listed in the directory: active providers (`provider_active`, kept from their accounts), in the
 * category by their main or another trade. The profile's own columns only.
 */
function listedProvider(category: Category | undefined): SQL {
  return sql`${providerProfiles.providerActive} and ${inCategory(category)}`;
}

/**
 * A statement without parallel workers, in one round trip (search.repo.ts `plannedText` tells
 * how; the values written into the text are our own: ids, numbers, a category code). The
 * directory's reads are of a few thousand providers at most, where starting two workers cost
 * more than they saved, and four readers at once on two cores have no core to spare for them.
 */
const serial = (query: SQL, settings = sql``) =>
  sqlText(sql`${SERIAL}${settings}; ${query}`.inlineParams());

/** No parallel workers (serial tells why), as settings of their own. */
const SERIAL = sql`select set_config('max_parallel_workers_per_gather', '0', true)`;

/**
 * Joins by each row's key only. For a few matches PostgreSQL, costing each look-up in the
 * accounts' index as a read from disk, would read every active provider's account and hash them
 * instead (a page of a rare trade within 40 km at 100 000 providers: 24 ms instead of 8).
 */
const BY_KEY = sql`, set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`;

/**
 * The walk down the ratings, planned once per connection (readGeneric): its plan is the same for
 * any places and trade (the places are a hashed list, nothing weighed), and planning it for each
 * search cost 0.6 ms. Joined by key whatever PostgreSQL guesses of the page it does not know.
 */
const SERIAL_BY_KEY = sql`${SERIAL}${BY_KEY}`;

/** The average stars, as `provider_profiles_rating_idx` orders them. */
const averageRating = averageRatingOf(providerProfiles);

/** A provider's fields, named as DirectoryRow names them (the finished jobs come later). */
const providerFields = writtenOnce(sql`${users.id} as "id", ${users.name} as "name",
  ${providerProfiles.pictureKey} is not null as "hasPicture",
  ${providerProfiles.serviceCategory} as "serviceCategory",
  ${providerProfiles.serviceCategories}::text[] as "serviceCategories",
  ${providerProfiles.placeId} as "placeId",
  ${averageRating} as "averageRating", ${providerProfiles.reviewCount} as "reviewCount",
  ${users.createdAt} as "memberSince", ${providerStats.computedAt} as "statsComputedAt",
  ${providerStats.medianAnswerSeconds} as "medianAnswerSeconds",
  ${providerStats.answeredCount} as "answeredCount",
  ${providerStats.completedJobs} as "completedJobs",
  ${approvalsOfProvider(users.id)} as "approvals"`);

/** The providers with their accounts, and their figures read in the same statement. */
const fromProviders = writtenOnce(
  sql`${providerProfiles} join ${users} on ${users.id} = ${providerProfiles.userId}
    left join ${providerStats} on ${providerStats.providerId} = ${providerProfiles.userId}`,
);

/**
 * Nearest place first, best rated first within a place: one read per place in distance order
 * along `provider_profiles_place_rating_idx`, each stopping at what the page can still use (a
 * city of 7 000 providers gives its best 20 of the trade, not all of them sorted).
 */
async function nearestPage(db: Db, where: SQL, placeIds: number[], limit: number, offset: number) {
  // Each place's best are found from `provider_profiles_active_place_idx` alone (the trades and
  // the stars ride along) and only they are read whole: walking the place's rating order read
  // every provider of it from the table until the trade's best were found (a plumber within
  // 50 km of Bratislava: 4.6 ms; 1.2 ms so).
  const bestOfPlace = sql`select ${providerFields}
      from (select ${providerProfiles.userId} from ${providerProfiles}
        where ${where} and ${providerProfiles.placeId} = ${AROUND_PLACE}
        order by ${ratingOrder} limit ${offset + limit}) as best
      join (${fromProviders}) on ${providerProfiles.userId} = best.user_id
      order by ${ratingOrder}`;
  const query = sql`select found.* from ${eachPlace(placeIds, bestOfPlace)} as found
    order by ${AROUND_NEARNESS}, found."averageRating" desc nulls last, found."reviewCount" desc nulls last, found.id
    limit ${limit} offset ${offset}`;
  // PostgreSQL plans one read for every place, as if each held the average few providers: with
  // bitmap scans it would read a city's thousands from the table. The setting holds for this
  // statement alone. Its plan is the same for any places (one read each), so it is made once per
  // connection (readGeneric), where planning it for each search cost 0.5–0.8 ms.
  return readGeneric<DirectoryRow>(db, directSql(query), {}, { settings: NO_BITMAPS });
}

/** Read the places one by one along their index, never as bitmaps (nearestPage). */
const NO_BITMAPS = sql`${SERIAL}, set_config('enable_bitmapscan', 'off', true)`;

/**
 * Around a place, the rating order is walked this far at most: the best rated providers in it
 * that match are the best of all that match. A page found there costs one read of at most this
 * many index entries (about 4 ms); a page not found there (few matches: a rare trade, a small
 * radius) is read from the places and sorted instead.
 */
const WALK_WINDOW = 5_000;

/**
 * Among a few places, the best rated are first looked for among the places' own providers, up to
 * this many: where so few match, the walk (WALK_WINDOW) would go its whole length without filling a
 * page and be read again from the places (in the never-repeating mix, 488 of 818 walks did: 3.7 ms
 * each for nothing on a slow day), and reading this many from the places' index costs less than a
 * walk. Where more match, the walk fills the page.
 */
const FEW_AT_MOST = 500;

const ratingOrder = writtenOnce(
  sql`(${averageRating}) desc nulls last, ${providerProfiles.reviewCount} desc nulls last, ${providerProfiles.userId}`,
);

/**
 * Best rated first (then most reviewed), among the providers in the places or all of them.
 * PostgreSQL cannot tell many matches from few: it walked the rating order past 36 000
 * providers for 49 matches (45 ms instead of 2), so the walk is bounded (WALK_WINDOW) and the
 * few are read and sorted (a materialized CTE, which it cannot turn into the walk).
 */
async function bestRatedPage(
  db: Db,
  where: SQL,
  limit: number,
  offset: number,
  around:
    | { profile: SQL; window: number; fewPlaces: FewPlaces | undefined; fewAtMost: number }
    | undefined,
): Promise<{ rows: DirectoryRow[]; counted?: number }> {
  const rows = (query: SQL, settings?: SQL) =>
    readLastOf<DirectoryRow>(db, serial(query, settings));
  if (!around) {
    return {
      rows: await rows(sql`select ${providerFields} from ${fromProviders} where ${where}
        order by ${ratingOrder} limit ${limit} offset ${offset}`),
    };
  }
  // Few match: their stars are read from the places' index alone
  // (`provider_profiles_active_place_idx`), and only the page's providers whole, each finding its
  // account by its key (BY_KEY). All of them are found, so each row carries their number too,
  // and the count needs no read of its own. Among a few places, place by place under one plan
  // (`placeByPlace`); among more, as PostgreSQL weighs them.
  const stars = sql`${providerProfiles.userId} as id, ${averageRating} as rating,
    ${providerProfiles.reviewCount} as reviews`;
  const found = (matches: SQL) =>
    sql`with found as materialized (${matches})
      select ${providerFields}, (select count(*)::int from found) as "counted"
      from ${fromProviders}
      where ${providerProfiles.userId} in (select id from found
        order by rating desc nulls last, reviews desc nulls last, id limit ${limit} offset ${offset})
      order by ${ratingOrder}`;
  const { fewPlaces, fewAtMost } = around;
  const fewOf = (places: FewPlaces, atMost?: number) => {
    const matches = placeByPlace(places, stars);
    return readGeneric<DirectoryRow & { counted: number }>(
      db,
      directSql(found(atMost === undefined ? matches : sql`${matches} limit ${atMost + 1}`)),
      {},
      { settings: SERIAL_BY_KEY },
    );
  };
  const allOf = (few: (DirectoryRow & { counted: number })[]) => ({
    rows: few.map(({ counted: _counted, ...row }) => row),
    ...(few[0] ? { counted: few[0].counted } : {}),
  });
  // Among a few places, up to FEW_AT_MOST of their own matches first: all of them, if no more
  // match. A page past them needs more matches than that, and goes to the walk at once.
  if (fewPlaces && offset + limit <= fewAtMost) {
    const few = await fewOf(fewPlaces, fewAtMost);
    if ((few[0]?.counted ?? 0) <= fewAtMost) return allOf(few);
  }
  // The walk reads only what `provider_profiles_rating_idx` holds (an index-only scan: the place,
  // the trades and whether active ride along), stops at the page's last match, and reads only
  // the page's providers whole: 5 000 profiles read from the table cost 10 ms, from the index
  // 1 ms, and the 650 before a page of 20 within 100 km 0.1 ms.
  const walked = await readGeneric<DirectoryRow>(
    db,
    directSql(sql`select ${providerFields} from ${fromProviders}
    where ${providerProfiles.userId} in (
      select ${providerProfiles.userId} from (select ${providerProfiles.userId},
          ${averageRating} as "rating", ${providerProfiles.reviewCount},
          ${providerProfiles.placeId}, ${providerProfiles.serviceCategory},
          ${providerProfiles.serviceCategories}, ${providerProfiles.providerActive}
        from ${providerProfiles} order by ${ratingOrder} limit ${around.window}) as ${providerProfiles}
      where ${around.profile}
      order by "rating" desc nulls last, ${providerProfiles.reviewCount} desc nulls last,
        ${providerProfiles.userId}
      limit ${offset + limit})
    order by ${ratingOrder} limit ${limit} offset ${offset}`),
    {},
    { settings: SERIAL_BY_KEY },
  );
  if (walked.length === limit) return { rows: walked };
  return allOf(
    fewPlaces
      ? await fewOf(fewPlaces)
      : await readLastOf<DirectoryRow & { counted: number }>(
          db,
          serial(found(sql`select ${stars} from ${providerProfiles} where ${where}`), BY_KEY),
        ),
  );
}

/** A few places, and what a provider in one must be (`listedProvider`). */
interface FewPlaces {
  ids: number[];
  listed: SQL;
}

/**
 * `fields` of the listed providers in the places, read place by place from
 * `provider_profiles_active_place_idx` (up to PLACE_BY_PLACE_MAX places).
 */
const placeByPlace = ({ ids, listed }: FewPlaces, fields: SQL) =>
  sql`select ${fields} from ${eachPlace(
    ids,
    sql`select * from ${providerProfiles}
      where ${listed} and ${providerProfiles.placeId} = ${AROUND_PLACE}`,
  )} as ${providerProfiles}`;

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
    /** How far the walk down the ratings goes (WALK_WINDOW unless a test says). */
    walkWindow?: number;
    /** How many the places' own providers are read up to before the walk (FEW_AT_MOST unless a test says). */
    fewAtMost?: number;
  },
): Promise<{ rows: DirectoryRow[]; counted: number }> {
  const { placeIds, limit, offset } = query;
  if (placeIds?.length === 0) return { rows: [], counted: 0 };
  const listed = listedProvider(query.category);
  /** Listed, and in the places (if any) as `placesAre` writes them (db/arrays.ts). */
  const listedWithin = (placesAre: typeof isAnyOf) =>
    placeIds ? sql`${listed} and ${placesAre(providerProfiles.placeId, placeIds)}` : listed;
  const where = listedWithin(isAnyOf);
  const countWhere = listedWithin(isCountedAmong);
  // The walk's places filter rows already found: a list, nothing to weigh, hashed once and looked
  // up only for the trade's providers. Written as one condition, so that it keeps the walk's
  // order: a join with the places would not, and every provider walked would be sorted.
  const fewPlaces =
    placeIds && placeIds.length <= PLACE_BY_PLACE_MAX ? { ids: placeIds, listed } : undefined;
  const walk = placeIds && {
    profile: sql`${providerProfiles.providerActive} and case when ${inCategory(query.category)}
      then ${isAmong(providerProfiles.placeId, placeIds)} else false end`,
    window: query.walkWindow ?? WALK_WINDOW,
    fewPlaces,
    fewAtMost: query.fewAtMost ?? FEW_AT_MOST,
  };
  const count = async () => {
    const counted = (matches: SQL) =>
      sql`select count(*)::int as n from (${matches} limit ${query.upTo}) as listed`;
    const [row] = fewPlaces
      ? await readGeneric<{ n: number }>(
          db,
          directSql(counted(placeByPlace(fewPlaces, sql`1`))),
          {},
          { settings: SERIAL },
        )
      : await readLastOf<{ n: number }>(
          db,
          serial(counted(sql`select 1 from ${providerProfiles} where ${countWhere}`)),
        );
    return row?.n ?? 0;
  };
  const { rows, counted } =
    placeIds && query.sort === 'distance'
      ? { rows: await nearestPage(db, listed, placeIds, limit, offset) }
      : await bestRatedPage(db, where, limit, offset, walk);
  // A page that is not full is the last one: its end is the count. The count waits for the page
  // to know: it costs most where few match (every provider of the places is looked at for them).
  if (pageTellsTotal(rows.length, limit, offset)) {
    return { rows, counted: offset + rows.length };
  }
  return { rows, counted: counted ?? (await count()) };
}
