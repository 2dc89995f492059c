-- Keep search_terms filled with every word of every request (the lexemes of search_vector).
-- Sorted inserts keep concurrent posts from deadlocking on the same new words.
CREATE OR REPLACE FUNCTION work_requests_collect_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT l.lexeme FROM unnest(NEW.search_vector) AS l(lexeme, positions, weights)
  WHERE char_length(l.lexeme) BETWEEN 3 AND 40
  ORDER BY l.lexeme
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_requests_collect_terms
  AFTER INSERT OR UPDATE OF title, description ON work_requests
  FOR EACH ROW EXECUTE FUNCTION work_requests_collect_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT l.lexeme FROM work_requests, unnest(work_requests.search_vector) AS l(lexeme, positions, weights)
WHERE char_length(l.lexeme) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
