-- The week a moment falls in as a full-text lexeme: "~" (no search word has one) and the number
-- of whole weeks since 1970-01-01 UTC. Immutable: the epoch of a timestamptz is the same in every
-- time zone.
CREATE FUNCTION week_lexeme(at timestamptz) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(ARRAY['~' || floor(extract(epoch FROM at) / 604800)::bigint::text]) $$;--> statement-breakpoint
-- Any of the `weeks` weeks up to the one `newest` falls in, as a full-text query; none (NULL) when
-- there is no newest.
CREATE FUNCTION recent_weeks(newest timestamptz, weeks integer) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg(quote_literal('~' || week::text), ' | ')::tsquery
    FROM generate_series(floor(extract(epoch FROM newest) / 604800)::bigint - weeks + 1,
                         floor(extract(epoch FROM newest) / 604800)::bigint) AS week $$;--> statement-breakpoint
-- A word's matches among the last weeks' listed requests, from one index: the newest page of a
-- common word reads a few hundred requests instead of every match (docs/performance.md).
CREATE INDEX "work_requests_listed_words_weeks_idx" ON "work_requests" USING gin (("search_vector" || week_lexeme("created_at"))) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";
