-- btree_gin: the category (an enum) in a GIN index beside the location's words, so that a town in a
-- category is one index scan (its requests of that category), not the town's every request.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "work_requests_listed_location_vector_idx" ON "work_requests" USING gin ("category",setweight(to_tsvector('simple', f_unaccent("location")), 'C')) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
-- As many town names in the index's statistics as there are words in search_vector's (0007):
-- the search takes a town missing from them for a rare one.
ALTER INDEX "work_requests_listed_location_vector_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
-- The statistics of an expression index are gathered by ANALYZE only; until they exist the
-- search estimates towns from search_vector's statistics, as before.
ANALYZE "work_requests";
