-- Requests that end (docs/requests.md "Time for bids"). A request takes bids until bids_until;
-- past it, an open request becomes EXPIRED (the new enum value is not used in this migration:
-- PostgreSQL refuses a value added in the same transaction). Requests posted before this
-- migration get theirs here: open ones 14 days from now, so none expires the moment it runs;
-- the others 14 days after they were posted (no bid is taken on them anyway).
ALTER TYPE "public"."work_request_status" ADD VALUE 'EXPIRED';--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "bids_until" timestamp with time zone DEFAULT now() + interval '14 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "bidding_extended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "work_requests_open_bids_until_idx" ON "work_requests" USING btree ("bids_until") WHERE "work_requests"."status" = 'OPEN';--> statement-breakpoint
UPDATE "work_requests" SET "bids_until" = "created_at" + interval '14 days' WHERE "status" <> 'OPEN';
