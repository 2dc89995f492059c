-- Lead matching (docs/leads.md): each alert carries its place's coordinates, so that every alert's
-- circle is one GiST index and matching a request is an index scan. No alert exists yet.
ALTER TABLE "lead_alerts" ADD COLUMN "lat" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_alerts" ADD COLUMN "lon" double precision NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_alerts_area_idx" ON "lead_alerts" USING gist (earth_box(ll_to_earth("lat", "lon"), "radius_km"::float8 * 1000));--> statement-breakpoint
CREATE INDEX "lead_alerts_categories_idx" ON "lead_alerts" USING gin ("categories");