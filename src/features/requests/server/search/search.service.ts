import type { ServerContext } from '../../../../server/context';
import { distanceKmBetween, findPlace, placesAround, unknownPlace } from '../../../places/server';
import { DEFAULT_RADIUS_KM, type DistanceSort } from '../../requests.schema';
import { suggestLocations } from './location-suggestions';
import { listOpenRequests } from './search.repo';

type BrowseQuery = Omit<Parameters<typeof listOpenRequests>[1], 'around'> & {
  near?: number | undefined;
  radius_km?: number | undefined;
  sort?: DistanceSort | undefined;
};

/**
 * What Browse and Home list: a page of open requests of active clients, searched and filtered;
 * with `near`, only those whose place lies within the radius (30 km unless given), each with its
 * distance. A place that does not exist is refused (`unknown_place`), not taken for "anywhere".
 */
export async function browseRequests(ctx: Pick<ServerContext, 'db'>, query: BrowseQuery) {
  const { near, radius_km: radiusKm, sort, ...rest } = query;
  if (near === undefined)
    return { ...(await listOpenRequests(ctx.db, rest)), nearPlace: undefined };
  // A place always lies within its own radius: no place at all means there is no such place.
  const order = sort ?? 'newest';
  // Only a list by distance needs the places in their order; a card's distance is its own.
  const within = placesAround(near, radiusKm ?? DEFAULT_RADIUS_KM, {
    nearestFirst: order === 'distance',
  });
  if (within.length === 0) throw unknownPlace();
  const found = await listOpenRequests(ctx.db, {
    ...rest,
    around: {
      ids: within.map((place) => place.id),
      kmTo: (placeId) => distanceKmBetween(near, placeId) ?? 0,
      sort: order,
    },
  });
  return { ...found, nearPlace: findPlace(near) };
}

/** Towns of open requests starting with `prefix` (accents ignored), for the location filter. */
export function suggestTowns(ctx: Pick<ServerContext, 'db'>, prefix: string) {
  return suggestLocations(ctx.db, prefix);
}
