-- A search word stands for the known words it starts (search-query.ts), read as exact words
-- instead of a prefix, which the full-text index answers by collecting every match of every word
-- with that start first (16 487 for "drevena": 7–9 ms before a page could look at 2 weeks of
-- them). So every word of three or more letters must be known, however long: words over 40
-- letters were left out before.
CREATE OR REPLACE FUNCTION work_requests_collect_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT l.lexeme FROM unnest(NEW.search_vector) AS l(lexeme, positions, weights)
  WHERE char_length(l.lexeme) >= 3
  ORDER BY l.lexeme
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT l.lexeme FROM work_requests, unnest(work_requests.search_vector) AS l(lexeme, positions, weights)
WHERE char_length(l.lexeme) > 40
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The known words a search word starts, by a range of this index (`like 'word%'`).
CREATE INDEX "search_terms_term_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);
