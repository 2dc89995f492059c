import type { ServerContext } from '../../../server/context';
import { findPlace, findPlaces, placesWithin, unknownPlace } from '../../places/server';
import { DEFAULT_RADIUS_KM } from '../../requests/requests.schema';
import type { DirectoryQuery } from '../providers.schema';
import { listDirectory } from './directory.repo';

/** Providers are counted exactly up to this many; beyond, the directory says "more than". */
export const DIRECTORY_EXACT_COUNT = 1_000;

/**
 * The public directory: active providers, in a category if asked, and with `near` only those
 * whose own place lies within the radius (30 km unless given), nearest first unless asked by
 * rating. Without `near`, every active provider, best rated first. A place that does not exist
 * is refused (`unknown_place`).
 */
export async function browseDirectory(ctx: Pick<ServerContext, 'db'>, query: DirectoryQuery) {
  const offset = (query.page - 1) * query.limit;
  const nearPlace = query.near === undefined ? undefined : await findPlace(ctx.db, query.near);
  if (query.near !== undefined && !nearPlace) throw unknownPlace();
  const within = nearPlace
    ? await placesWithin(ctx.db, nearPlace.id, query.radius_km ?? DEFAULT_RADIUS_KM)
    : undefined;
  const { rows, counted } = await listDirectory(ctx.db, {
    category: query.category,
    placeIds: within?.map((place) => place.id),
    sort: query.sort ?? (nearPlace ? 'distance' : 'rating'),
    limit: query.limit,
    offset,
    upTo: DIRECTORY_EXACT_COUNT + 1,
  });
  const kmById = new Map(within?.map((place) => [place.id, place.distanceKm]));
  const placeIds = rows.flatMap((row) => (row.placeId === null ? [] : [row.placeId]));
  const places = await findPlaces(ctx.db, placeIds);
  const more = counted > DIRECTORY_EXACT_COUNT;
  const full = rows.length === query.limit;
  return {
    rows: rows.map((row) => ({
      row,
      place: row.placeId === null ? undefined : places.get(row.placeId),
      distanceKm: nearPlace && row.placeId !== null ? kmById.get(row.placeId) : undefined,
    })),
    // A page that is not full is the last one: its end is the total.
    total:
      !full && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : Math.min(counted, DIRECTORY_EXACT_COUNT),
    more: full && more,
    nearPlace,
  };
}
