CREATE TYPE "public"."price_proposal_status" AS ENUM('PENDING', 'ACCEPTED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."bid_revision_reason" AS ENUM('placed', 'revision', 'price_agreed');--> statement-breakpoint
CREATE TABLE "bid_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"reason" "bid_revision_reason" NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_until" date,
	"earliest_start" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_revisions_bid_revision_key" UNIQUE("bid_id","revision")
);
--> statement-breakpoint
CREATE TABLE "price_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text NOT NULL,
	"status" "price_proposal_status" DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "price_proposals_amount_check" CHECK ("price_proposals"."amount_cents" > 0 and "price_proposals"."amount_cents" <= 100000000)
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "earliest_start" date;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "client_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "price_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_proposals" ADD CONSTRAINT "price_proposals_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_proposals_bid_idx" ON "price_proposals" USING btree ("bid_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_proposals_one_pending_idx" ON "price_proposals" USING btree ("bid_id") WHERE "price_proposals"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lines_check" CHECK (jsonb_typeof("bids"."lines") = 'array' and jsonb_array_length("bids"."lines") <= 20);--> statement-breakpoint
-- Every bid placed before priced lines existed keeps its first version as its history's start.
INSERT INTO "bid_revisions" ("bid_id", "revision", "reason", "amount_cents", "description", "created_at")
SELECT "id", 1, 'placed', "amount_cents", "description", "created_at" FROM "bids";
