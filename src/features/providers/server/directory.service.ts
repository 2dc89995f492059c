import type { ServerContext } from '../../../server/context';
import type { Actor } from '../../../shared/actor';
import { distanceKmBetween, findPlaces, placesAround, unknownPlace } from '../../places/server';
import { DEFAULT_RADIUS_KM } from '../../requests/requests.schema';
import type { DirectoryQuery } from '../providers.schema';
import { listDirectory, type DirectoryRow } from './directory.repo';
import { directoryForViewer } from './favourites.service';
import { badgesFromApprovals } from '../../verifications/verifications.rules';
import { pageTellsTotal } from '../../../server/paging';

/**
 * Providers are counted exactly up to this many (five pages); beyond, the directory says "more
 * than 100" and pages on. Each provider counted costs a look at their account (active or not):
 * counting 1 000 around a city took longer than the page itself.
 */
export const DIRECTORY_EXACT_COUNT = 100;

/**
 * The public directory: active providers, in a category if asked, and with `near` only those
 * whose own place lies within the radius (30 km unless given), nearest first unless asked by
 * rating. Without `near`, every active provider, best rated first. A place that does not exist
 * is refused (`unknown_place`).
 */
export async function browseDirectory(
  ctx: Pick<ServerContext, 'db'>,
  query: DirectoryQuery,
  viewer?: Actor,
) {
  const offset = (query.page - 1) * query.limit;
  const { near } = query;
  // A place always lies within its own radius: no place at all means there is no such place.
  const sort = query.sort ?? (near === undefined ? 'rating' : 'distance');
  // Only a list by distance needs the places in their order; an entry's distance is its own.
  const within =
    near === undefined
      ? undefined
      : placesAround(near, query.radius_km ?? DEFAULT_RADIUS_KM, {
          nearestFirst: sort === 'distance',
        });
  if (within?.length === 0) throw unknownPlace();
  const { rows, counted } = await listDirectory(ctx.db, {
    category: query.category,
    placeIds: within?.map((place) => place.id),
    sort,
    limit: query.limit,
    offset,
    upTo: DIRECTORY_EXACT_COUNT + 1,
  });
  const placeIds = rows.flatMap((row) => (row.placeId === null ? [] : [row.placeId]));
  // The figures (finished jobs, answer time) as last computed, never counted for a page view.
  const places = findPlaces(near === undefined ? placeIds : [...placeIds, near]);
  const forViewer = await directoryForViewer(
    ctx.db,
    viewer,
    rows.map((row) => row.id),
  );
  // What their checks earn now (verifications), from the approvals read with the page.
  const now = new Date();
  const more = counted > DIRECTORY_EXACT_COUNT;
  const full = rows.length === query.limit;
  return {
    rows: rows.map((row) => ({
      row,
      place: row.placeId === null ? undefined : places.get(row.placeId),
      distanceKm:
        near !== undefined && row.placeId !== null
          ? distanceKmBetween(near, row.placeId)
          : undefined,
      stats: statsOfRow(row),
      badges: badgesFromApprovals(row.approvals, now),
    })),
    // A page that is not full is the last one: its end is the total.
    total: pageTellsTotal(rows.length, query.limit, offset)
      ? offset + rows.length
      : Math.min(counted, DIRECTORY_EXACT_COUNT),
    more: full && more,
    nearPlace: near === undefined ? undefined : places.get(near),
    forViewer,
  };
}

/** A provider's figures as the page read them with the provider (none before the first). */
const statsOfRow = (row: DirectoryRow) =>
  row.statsComputedAt === null
    ? undefined
    : {
        providerId: row.id,
        computedAt: row.statsComputedAt,
        medianAnswerSeconds: row.medianAnswerSeconds,
        answeredCount: row.answeredCount ?? 0,
        completedJobs: row.completedJobs ?? 0,
      };
