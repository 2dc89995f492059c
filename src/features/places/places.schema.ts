import { z } from 'zod';
import { MAX_PLACE_ID } from './place-id.schema';

/** The countries of the gazetteer (docs/places.md "The gazetteer"). */
export const COUNTRIES = ['SK', 'CZ', 'UA'] as const;
export type Country = (typeof COUNTRIES)[number];

/** How far a distance search, a service area or a lead alert reaches, in whole kilometres. */
export const PLACE_RADIUS_KM = { min: 5, max: 200 } as const;

/** A radius in kilometres: outside 5..200 it is refused (400 `validation_failed`), not clamped. */
export const radiusKm = z.coerce.number().int().min(PLACE_RADIUS_KM.min).max(PLACE_RADIUS_KM.max);

/** A place's id (GeoNames') in a query string (`near=`); a form's is `placeIdField`. */
export const placeIdParam = z.coerce.number().int().positive().max(MAX_PLACE_ID);

/** A town or village, named in the language of the request that asked. */
export const placeView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The region (kraj, oblast), in the same language. */
  region: z.string(),
  country: z.enum(COUNTRIES),
  lat: z.number(),
  lon: z.number(),
});
export type PlaceView = z.infer<typeof placeView>;

/** At most this many places a search answers. */
export const PLACES_LIMIT = { default: 8, max: 20 } as const;

/** `GET /api/places?q=&limit=`. */
export const placesQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(PLACES_LIMIT.max).default(PLACES_LIMIT.default),
});

export const placesResponse = z.object({ places: z.array(placeView) });
