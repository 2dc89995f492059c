ALTER TABLE "work_requests" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
-- Requests already reviewed keep their answer: no second review, no review button.
UPDATE "work_requests" SET "reviewed_at" = "reviews"."created_at"
FROM "reviews" WHERE "reviews"."work_request_id" = "work_requests"."id";
