/**
 * What other features may use of places: a place by id (or the refusal of an unknown one), the
 * places within a distance (from memory, nearby.ts), a place in the reader's language, and the import the migration runs.
 * Its tables are join targets through `tables.ts`.
 */
export { findPlace, findPlaces, type PlaceRow } from './places-by-id';
export { distanceKmBetween, placesAround } from './nearby';
export { placeOrRefuse, placesStartingWith, unknownPlace } from './places.service';
export { placeName, presentPlace } from './places.presenter';
export { importPlaces, matchLocations } from './import';
export { placesRoutes } from './places.routes';
