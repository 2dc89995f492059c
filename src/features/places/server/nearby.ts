import { firstAtOrAfter } from '../../../shared/sorted';
import { EXTRACT } from './gazetteer';

/** The earth's radius as `earthdistance` takes it (its `earth()`), so distances agree with it. */
const EARTH_RADIUS_KM = 6378.168;

interface Points {
  index: Map<number, number>;
  ids: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
  cosLat: Float64Array;
}

let points: Points | undefined;

/**
 * Every place's coordinates in radians, in arrays ordered south to north (built once, about
 * 0.3 ms), so that the places within a radius are looked for among those of its band of
 * latitude alone.
 */
function pointsOf(): Points {
  if (points) return points;
  const count = EXTRACT.length;
  const built: Points = {
    index: new Map(),
    ids: new Int32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    cosLat: new Float64Array(count),
  };
  const southToNorth = [...EXTRACT].sort((a, b) => a[4] - b[4] || a[0] - b[0]);
  southToNorth.forEach(([id, , , , lat, lon], i) => {
    built.index.set(id, i);
    built.ids[i] = id;
    built.lat[i] = (lat * Math.PI) / 180;
    built.lon[i] = (lon * Math.PI) / 180;
    built.cosLat[i] = Math.cos(built.lat[i]!);
  });
  return (points = built);
}

/**
 * The places within `radiusKm` of a place, nearest first (then by id), with their great-circle
 * distance in km: `placesWithin`'s answer, computed from the committed extract the gazetteer and
 * the `places` table both hold, without asking PostgreSQL. At 200 km around a town that is
 * about 2 000 places: PostgreSQL's `earth_distance` took 15–65 ms for them (docs/directory.md),
 * this takes well under a millisecond. Empty for an id that names no place. `nearestFirst:
 * false` leaves them in no particular order, for a list whose order is not by distance (sorting a
 * city's 1 800 places was a tenth of the server's time for a search around it).
 */
export function placesAround(
  placeId: number,
  radiusKm: number,
  { nearestFirst = true }: { nearestFirst?: boolean } = {},
): { id: number; distanceKm: number }[] {
  const { index, ids, lat, lon, cosLat } = pointsOf();
  const centre = index.get(placeId);
  if (centre === undefined) return [];
  const lat0 = lat[centre]!;
  const lon0 = lon[centre]!;
  const cos0 = cosLat[centre]!;
  // No place farther north or south than the radius can be within it: only the band between is
  // looked through (about 100 → 30 µs for radii of 5–200 km among 5 572 places).
  const maxDeltaLat = radiusKm / EARTH_RADIUS_KM;
  const maxDeltaLon = widestLongitude(lat0, maxDeltaLat);
  const found: { id: number; distanceKm: number }[] = [];
  for (let i = firstAtOrAfter(lat, lat0 - maxDeltaLat); i < ids.length; i++) {
    const dLat = lat[i]! - lat0;
    if (dLat > maxDeltaLat) break;
    const dLon = lon[i]! - lon0;
    // The band runs east and west across the whole gazetteer (Ukraine's places beside a Slovak
    // town's): those beyond the widest longitude are passed by one comparison, not computed.
    if (dLon > maxDeltaLon || dLon < -maxDeltaLon) continue;
    const distanceKm = haversineKm(dLat, dLon, cos0 * cosLat[i]!);
    if (distanceKm <= radiusKm) found.push({ id: ids[i]!, distanceKm });
  }
  return nearestFirst ? found.sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id) : found;
}

/** The great-circle distance in km between two places (as placesAround gives it); none for an unknown id. */
export function distanceKmBetween(fromId: number, toId: number): number | undefined {
  const { index, lat, lon, cosLat } = pointsOf();
  const from = index.get(fromId);
  const to = index.get(toId);
  if (from === undefined || to === undefined) return undefined;
  return haversineKm(lat[to]! - lat[from]!, lon[to]! - lon[from]!, cosLat[from]! * cosLat[to]!);
}

/** Haversine: exact for small distances, where the chord's formula loses digits. */
function haversineKm(dLat: number, dLon: number, cosProduct: number) {
  const h = Math.sin(dLat / 2) ** 2 + cosProduct * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The longest difference of longitude (radians) a place within `angle` (the radius as an angle)
 * of one at latitude `lat0` can have. By the haversine, sin²(d/2) ≥ cos φ₀ · cos φ · sin²(Δλ/2),
 * and within the band both cosines are at least that of its latitude farthest from the equator;
 * none when the band reaches a pole.
 */
function widestLongitude(lat0: number, angle: number) {
  const cosMin = Math.cos(Math.abs(lat0) + angle);
  if (Math.abs(lat0) + angle >= Math.PI / 2 || cosMin <= 0) return Infinity;
  const limit = Math.sin(angle / 2) / cosMin;
  return limit >= 1 ? Infinity : 2 * Math.asin(limit);
}
