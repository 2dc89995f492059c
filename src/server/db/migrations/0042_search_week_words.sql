-- The newest page of a common word, found among the last weeks' listed requests alone (0032),
-- read the index of the words and the week as lexemes of their own: the week's lexeme matches
-- every request of the week, and the index went through all of them (thousands a week at a
-- million requests) to find the word's few hundred, 3–4 ms of a 4–5 ms page. An index of each
-- word written after its week ("2969/strecha") holds a word's matches of a week and nothing
-- else (docs/performance.md "Words by their week"). The index of 0032 stays: it is the listed
-- requests' words for every other search read from an index.
CREATE FUNCTION week_words(at timestamptz, words tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(ARRAY(
    SELECT floor(extract(epoch FROM at) / 604800)::bigint::text || '/' || u.lexeme
      FROM unnest(words) AS u)) $$;--> statement-breakpoint
-- A search's words as a query of `week_words` in any of the `weeks` weeks up to the one `newest`
-- falls in: `words` is a query whose every lexeme is written after "@/" ('@/strecha' | '@/strech':*),
-- asked once for each week. Lexemes never hold a quote, so "'@/" only ever starts one. NULL
-- without a newest.
CREATE FUNCTION recent_week_words(words text, newest timestamptz, weeks integer) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg('(' || replace(words, '''@/', '''' || week::text || '/') || ')', ' | ')::tsquery
    FROM generate_series(floor(extract(epoch FROM newest) / 604800)::bigint - weeks + 1,
                         floor(extract(epoch FROM newest) / 604800)::bigint) AS week $$;--> statement-breakpoint
CREATE INDEX "work_requests_listed_week_words_idx" ON "work_requests" USING gin (week_words("created_at", "search_vector")) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";
