-- The directory's walk down the ratings checks whether each provider is active from the index
-- too, so it stops at the page's last match and reads only the page's providers whole; the few
-- best around a place are found from the places' index alone, with their stars
-- (directory.repo.ts `bestRatedPage`).
DROP INDEX "provider_profiles_rating_idx";--> statement-breakpoint
DROP INDEX "provider_profiles_active_place_idx";--> statement-breakpoint
CREATE INDEX "provider_profiles_rating_idx" ON "provider_profiles" USING btree ((case when "review_count" > 0 then "rating_sum"::float8 / "review_count" end) desc nulls last,"review_count" DESC NULLS LAST,"user_id","place_id","service_category","service_categories","rating_sum","provider_active");--> statement-breakpoint
CREATE INDEX "provider_profiles_active_place_idx" ON "provider_profiles" USING btree ("place_id","service_category","service_categories","user_id","review_count","rating_sum") WHERE "provider_profiles"."provider_active";