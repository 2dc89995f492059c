ALTER TABLE "attachments" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "bids_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_thumbnail_key_unique" UNIQUE("thumbnail_key");