ALTER TABLE "work_requests" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', f_unaccent("work_requests"."title")), 'A') || setweight(to_tsvector('simple', f_unaccent("work_requests"."description")), 'B') || setweight(to_tsvector('simple', f_unaccent("work_requests"."location")), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "work_requests_listed_location_idx" ON "work_requests" USING btree ((lower(f_unaccent("location")) collate "C")) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
-- Dropping the column dropped its index and its statistics target; both come back as they were.
CREATE INDEX "work_requests_search_vector_idx" ON "work_requests" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "work_requests" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
-- Town names are search words too: known words for typo tolerance, kept when a location changes.
DROP TRIGGER work_requests_collect_terms ON work_requests;--> statement-breakpoint
CREATE TRIGGER work_requests_collect_terms
  AFTER INSERT OR UPDATE OF title, description, location ON work_requests
  FOR EACH ROW EXECUTE FUNCTION work_requests_collect_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT l.lexeme FROM work_requests, unnest(to_tsvector('simple', f_unaccent(work_requests.location))) AS l(lexeme, positions, weights)
WHERE char_length(l.lexeme) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
