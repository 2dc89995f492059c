-- The terms a listed request is counted under (migration 0037), decided in one function that the
-- counting trigger's three branches call, with the same terms as before: each of its words of
-- three or more letters, alone and written after its category.
-- Replaced, not created: databases migrated while 0037 itself held the function have it already.
CREATE OR REPLACE FUNCTION listed_terms(of_category category, words tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.term FROM unnest(words) AS l(lexeme, positions, weights),
    LATERAL (VALUES (l.lexeme), (of_category::text || '/' || l.lexeme)) AS k(term)
  WHERE char_length(l.lexeme) >= 3
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_requests_count_listed_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(term, n) INTO changes FROM (
      SELECT t.term, count(*) AS n
      FROM new_rows r, listed_terms(r.category, r.search_vector) AS t(term)
      WHERE r.status = 'OPEN' AND r.client_active
      GROUP BY t.term) AS added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(term, -n) INTO changes FROM (
      SELECT t.term, count(*) AS n
      FROM old_rows r, listed_terms(r.category, r.search_vector) AS t(term)
      WHERE r.status = 'OPEN' AND r.client_active
      GROUP BY t.term) AS removed;
  ELSE
    -- Only the rows whose being listed, whose words or whose category changed.
    SELECT jsonb_object_agg(term, n) INTO changes FROM (
      SELECT t.term, sum(side.sign) AS n
      FROM old_rows o JOIN new_rows r ON r.id = o.id
      CROSS JOIN LATERAL (VALUES
          (o.search_vector, o.category, -1, o.status = 'OPEN' AND o.client_active),
          (r.search_vector, r.category, 1, r.status = 'OPEN' AND r.client_active))
        AS side(words, category, sign, listed)
      CROSS JOIN LATERAL listed_terms(side.category, side.words) AS t(term)
      WHERE side.listed
        AND ((o.status = 'OPEN' AND o.client_active) IS DISTINCT FROM (r.status = 'OPEN' AND r.client_active)
          OR o.search_vector IS DISTINCT FROM r.search_vector OR o.category IS DISTINCT FROM r.category)
      GROUP BY t.term) AS changed;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM listed_term_counts_add(changes);
  END IF;
  RETURN NULL;
END $$;
