-- Distances between places are computed in memory (places/server/nearby.ts); nothing reads this
-- index any more (docs/places.md "Distance").
DROP INDEX "places_earth_idx";