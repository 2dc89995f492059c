-- A request is found by the town it was placed in, whatever its detail line says. Since places
-- (0020) the form asks for the place and a detail line ("Juh, pri stanici") kept as
-- `location`; the town filter and the search words matched that line alone, so a request placed
-- in Košice whose line does not say "Košice" was found around Košice but not by the town
-- "Košice". The place's names in our five languages, each once, are kept beside the line by the
-- database whenever `place_id` is written (posting, matching old locations, a place
-- removed), and where a request is (weight C of `search_vector` and the location indexes) is the
-- two together: `coalesce(place_names || ' ', '') || location`.
ALTER TABLE "work_requests" ADD COLUMN "place_names" text;--> statement-breakpoint
CREATE FUNCTION place_names_of(place integer) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT string_agg(DISTINCT n.name, ' ' ORDER BY n.name)
    FROM places p, jsonb_each_text(p.names) AS n(lang, name)
   WHERE p.id = place
$$;--> statement-breakpoint
CREATE FUNCTION work_requests_set_place_names() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.place_names := place_names_of(NEW.place_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER work_requests_set_place_names
  BEFORE INSERT OR UPDATE OF place_id ON work_requests
  FOR EACH ROW EXECUTE FUNCTION work_requests_set_place_names();--> statement-breakpoint
-- The vector and every index of where a request is are made anew (dropping the column drops
-- its three indexes: the words, the words by week, the words by category).
DROP INDEX "work_requests_listed_location_vector_idx";--> statement-breakpoint
DROP INDEX "work_requests_listed_location_weeks_idx";--> statement-breakpoint
ALTER TABLE "work_requests" DROP COLUMN "search_vector";--> statement-breakpoint
-- The counting trigger (0037) reads `search_vector`, gone until it is added again; the counts are
-- made anew below, from the new vectors.
ALTER TABLE "work_requests" DISABLE TRIGGER work_requests_count_listed_terms_update;--> statement-breakpoint
UPDATE "work_requests" SET "place_names" = place_names_of("place_id") WHERE "place_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "work_requests" ENABLE TRIGGER work_requests_count_listed_terms_update;--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', f_unaccent("work_requests"."title")), 'A') || setweight(to_tsvector('simple', f_unaccent("work_requests"."description")), 'B') || setweight(to_tsvector('simple', f_unaccent((coalesce("work_requests"."place_names" || ' ', '') || "work_requests"."location"))), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "work_requests" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "work_requests_search_vector_idx" ON "work_requests" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "work_requests_listed_location_vector_idx" ON "work_requests" USING gin ("category",setweight(to_tsvector('simple', f_unaccent((coalesce("place_names" || ' ', '') || "location"))), 'C')) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
ALTER INDEX "work_requests_listed_location_vector_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "work_requests_listed_words_weeks_idx" ON "work_requests" USING gin (("search_vector" || week_lexeme("created_at"))) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
CREATE INDEX "work_requests_listed_location_weeks_idx" ON "work_requests" USING gin ((setweight(to_tsvector('simple', f_unaccent((coalesce("place_names" || ' ', '') || "location"))), 'C') || week_lexeme("created_at"))) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
CREATE INDEX "work_requests_listed_category_words_idx" ON "work_requests" USING gin (category_words("category", "search_vector")) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
-- Each listed word's count (0037), made again from the new vectors.
DELETE FROM listed_term_counts;--> statement-breakpoint
INSERT INTO listed_term_counts (term, listed)
SELECT t.term, count(*)
FROM work_requests r, listed_terms(r.category, r.search_vector) AS t(term)
WHERE r.status = 'OPEN' AND r.client_active
GROUP BY t.term;--> statement-breakpoint
-- The places' names are known words too (typos and word starts, search-query.ts), also when a
-- request's place changes.
INSERT INTO search_terms (term)
SELECT DISTINCT l.lexeme
FROM work_requests, unnest(to_tsvector('simple', f_unaccent(work_requests.place_names))) AS l(lexeme, positions, weights)
WHERE work_requests.place_names IS NOT NULL AND char_length(l.lexeme) >= 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TRIGGER work_requests_collect_terms ON work_requests;--> statement-breakpoint
CREATE TRIGGER work_requests_collect_terms
  AFTER INSERT OR UPDATE OF title, description, location, place_id ON work_requests
  FOR EACH ROW EXECUTE FUNCTION work_requests_collect_terms();--> statement-breakpoint
ANALYZE "work_requests";
