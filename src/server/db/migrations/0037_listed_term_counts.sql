-- How many listed requests (open, of an active client) have each word of three or more letters,
-- in all and in each category (`plumbing/kohutik`, as category_words writes it), kept exact in
-- the transaction that changes them: a one-word search past the exact count's limit need not
-- count its matches (a thousand of them read from the table: 6–15 ms at a million), and a
-- search knows how many it may match at most.
CREATE TABLE "listed_term_counts" (
	"term" text PRIMARY KEY NOT NULL,
	"listed" integer NOT NULL
);--> statement-breakpoint
-- Adds each word's change of listed requests. Terms in order, so that two writers never wait for
-- each other's rows the other way round (no deadlock); words whose number is unchanged untouched.
CREATE FUNCTION listed_term_counts_add(changes jsonb) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO listed_term_counts AS c (term, listed)
  SELECT key, value::int FROM jsonb_each_text(changes) WHERE value::int <> 0 ORDER BY key
  ON CONFLICT (term) DO UPDATE SET listed = c.listed + excluded.listed
$$;--> statement-breakpoint
CREATE FUNCTION work_requests_count_listed_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(term, n) INTO changes FROM (
      SELECT k.term, count(*) AS n
      FROM new_rows r, unnest(r.search_vector) AS l(lexeme, positions, weights),
        LATERAL (VALUES (l.lexeme), (r.category::text || '/' || l.lexeme)) AS k(term)
      WHERE r.status = 'OPEN' AND r.client_active AND char_length(l.lexeme) >= 3
      GROUP BY k.term) AS added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(term, -n) INTO changes FROM (
      SELECT k.term, count(*) AS n
      FROM old_rows r, unnest(r.search_vector) AS l(lexeme, positions, weights),
        LATERAL (VALUES (l.lexeme), (r.category::text || '/' || l.lexeme)) AS k(term)
      WHERE r.status = 'OPEN' AND r.client_active AND char_length(l.lexeme) >= 3
      GROUP BY k.term) AS removed;
  ELSE
    -- Only the rows whose being listed, whose words or whose category changed.
    SELECT jsonb_object_agg(term, n) INTO changes FROM (
      SELECT k.term, sum(side.sign) AS n
      FROM old_rows o JOIN new_rows r ON r.id = o.id
      CROSS JOIN LATERAL (VALUES
          (o.search_vector, o.category, -1, o.status = 'OPEN' AND o.client_active),
          (r.search_vector, r.category, 1, r.status = 'OPEN' AND r.client_active))
        AS side(words, category, sign, listed)
      CROSS JOIN LATERAL unnest(side.words) AS l(lexeme, positions, weights)
      CROSS JOIN LATERAL (VALUES (l.lexeme), (side.category::text || '/' || l.lexeme)) AS k(term)
      WHERE side.listed AND char_length(l.lexeme) >= 3
        AND ((o.status = 'OPEN' AND o.client_active) IS DISTINCT FROM (r.status = 'OPEN' AND r.client_active)
          OR o.search_vector IS DISTINCT FROM r.search_vector OR o.category IS DISTINCT FROM r.category)
      GROUP BY k.term) AS changed;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM listed_term_counts_add(changes);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_requests_count_listed_terms_insert
  AFTER INSERT ON work_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_requests_count_listed_terms();--> statement-breakpoint
CREATE TRIGGER work_requests_count_listed_terms_update
  AFTER UPDATE ON work_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_requests_count_listed_terms();--> statement-breakpoint
CREATE TRIGGER work_requests_count_listed_terms_delete
  AFTER DELETE ON work_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_requests_count_listed_terms();--> statement-breakpoint
INSERT INTO listed_term_counts (term, listed)
SELECT k.term, count(*)
FROM work_requests r, unnest(r.search_vector) AS l(lexeme, positions, weights),
  LATERAL (VALUES (l.lexeme), (r.category::text || '/' || l.lexeme)) AS k(term)
WHERE r.status = 'OPEN' AND r.client_active AND char_length(l.lexeme) >= 3
GROUP BY k.term;
