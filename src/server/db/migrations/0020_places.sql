-- Distance between places (ARCHITECTURE: places are data, not text).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "place_names" (
	"place_id" integer NOT NULL,
	"folded" text NOT NULL,
	CONSTRAINT "place_names_place_id_folded_pk" PRIMARY KEY("place_id","folded")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region_code" text NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"names" jsonb NOT NULL,
	CONSTRAINT "places_country_check" CHECK ("places"."country" in ('SK', 'CZ', 'UA'))
);
--> statement-breakpoint
CREATE TABLE "places_imports" (
	"version" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"categories" "category"[] NOT NULL,
	"place_id" integer NOT NULL,
	"radius_km" smallint NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_alerts_radius_check" CHECK ("lead_alerts"."radius_km" between 5 and 200),
	CONSTRAINT "lead_alerts_frequency_check" CHECK ("lead_alerts"."frequency" in ('instant', 'daily')),
	CONSTRAINT "lead_alerts_categories_check" CHECK (cardinality("lead_alerts"."categories") >= 1)
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"user_id" uuid NOT NULL,
	"work_request_id" uuid NOT NULL,
	"alert_id" uuid,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "lead_deliveries_user_id_work_request_id_pk" PRIMARY KEY("user_id","work_request_id"),
	CONSTRAINT "lead_deliveries_frequency_check" CHECK ("lead_deliveries"."frequency" in ('instant', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "service_radius_km" smallint;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "service_categories" "category"[] DEFAULT '{}'::category[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "lead_alerts_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "place_names" ADD CONSTRAINT "place_names_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_alerts" ADD CONSTRAINT "lead_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_alerts" ADD CONSTRAINT "lead_alerts_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_work_request_id_work_requests_id_fk" FOREIGN KEY ("work_request_id") REFERENCES "public"."work_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_alert_id_lead_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."lead_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_names_folded_idx" ON "place_names" USING btree ("folded");--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist (ll_to_earth("lat", "lon"));--> statement-breakpoint
CREATE INDEX "lead_alerts_user_idx" ON "lead_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_request_idx" ON "lead_deliveries" USING btree ("work_request_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_daily_idx" ON "lead_deliveries" USING btree ("user_id") WHERE "lead_deliveries"."frequency" = 'daily' and "lead_deliveries"."mailed_at" is null;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_requests" ADD CONSTRAINT "work_requests_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_profiles_place_idx" ON "provider_profiles" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "work_requests_listed_place_created_idx" ON "work_requests" USING btree ("place_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active" and "work_requests"."place_id" is not null;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_service_radius_check" CHECK ("provider_profiles"."service_radius_km" between 5 and 200);