-- The directory's walk down the ratings reads its first thousands from the index alone: the place,
-- the trades and the stars follow the unique key (docs/performance.md "The directory's walk").
DROP INDEX "provider_profiles_rating_idx";--> statement-breakpoint
CREATE INDEX "provider_profiles_rating_idx" ON "provider_profiles" USING btree ((case when "review_count" > 0 then "rating_sum"::float8 / "review_count" end) desc nulls last,"review_count" DESC NULLS LAST,"user_id","place_id","service_category","service_categories","rating_sum");