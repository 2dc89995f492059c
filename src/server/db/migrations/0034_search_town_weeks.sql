-- A town's requests among the last weeks' listed ones, from one index: the newest page of a town
-- of thousands reads a few hundred requests instead of sorting all of them (docs/performance.md).
CREATE INDEX "work_requests_listed_location_weeks_idx" ON "work_requests" USING gin ((setweight(to_tsvector('simple', f_unaccent("location")), 'C') || week_lexeme("created_at"))) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";
