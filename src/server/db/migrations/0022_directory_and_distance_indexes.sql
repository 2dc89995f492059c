ALTER TABLE "provider_profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_profiles_rating_idx" ON "provider_profiles" USING btree ((case when "review_count" > 0 then "rating_sum"::float8 / "review_count" end) desc nulls last,"review_count" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "provider_profiles_place_rating_idx" ON "provider_profiles" USING btree ("place_id",(case when "review_count" > 0 then "rating_sum"::float8 / "review_count" end) desc nulls last,"review_count" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "work_requests_listed_place_category_created_idx" ON "work_requests" USING btree ("place_id","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active" and "work_requests"."place_id" is not null;--> statement-breakpoint
-- Keep each provider's review count and star sum in step with their reviews (the directory's
-- order by rating); a review moved to another provider or re-rated moves its stars with it.
CREATE OR REPLACE FUNCTION reviews_keep_provider_rating() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE provider_profiles
       SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
     WHERE user_id = OLD.provider_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE provider_profiles
       SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
     WHERE user_id = NEW.provider_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_keep_provider_rating
  AFTER INSERT OR DELETE OR UPDATE OF provider_id, rating ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_provider_rating();--> statement-breakpoint
UPDATE provider_profiles p
   SET review_count = r.n, rating_sum = r.total
  FROM (SELECT provider_id, count(*)::int AS n, sum(rating)::int AS total
          FROM reviews GROUP BY provider_id) r
 WHERE r.provider_id = p.user_id;
