CREATE TABLE "provider_stats" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"median_answer_seconds" integer,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"completed_jobs" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"caption" text NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_photos_caption_check" CHECK (char_length("work_photos"."caption") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "provider_stats" ADD CONSTRAINT "provider_stats_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_photos" ADD CONSTRAINT "work_photos_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_photos_provider_position_idx" ON "work_photos" USING btree ("provider_id","position");--> statement-breakpoint
-- Every provider's figures as they stand now (the nightly refresh and the events keep them after):
-- as src/server/workflows/refresh-provider-stats.ts computes them, over the last 90 days.
INSERT INTO "provider_stats" ("provider_id", "median_answer_seconds", "answered_count", "completed_jobs", "computed_at")
SELECT "target"."id",
  (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY "answers"."seconds"))::int FROM (
    SELECT greatest(0, extract(epoch FROM min("touches"."at") - "work_requests"."created_at")) AS "seconds",
      min("touches"."at") AS "at"
    FROM (
      SELECT "bids"."work_request_id", "bids"."created_at" AS "at" FROM "bids"
        WHERE "bids"."provider_id" = "target"."id"
      UNION ALL
      SELECT "conversations"."work_request_id", "messages"."created_at" FROM "messages"
        JOIN "conversations" ON "conversations"."id" = "messages"."conversation_id"
        WHERE "messages"."sender_id" = "target"."id" AND "conversations"."provider_id" = "target"."id"
          AND "conversations"."work_request_id" IS NOT NULL
    ) AS "touches"
    JOIN "work_requests" ON "work_requests"."id" = "touches"."work_request_id"
    GROUP BY "touches"."work_request_id", "work_requests"."created_at"
  ) AS "answers" WHERE "answers"."at" >= now() - interval '90 days'),
  (SELECT count(*)::int FROM (
    SELECT min("touches"."at") AS "at"
    FROM (
      SELECT "bids"."work_request_id", "bids"."created_at" AS "at" FROM "bids"
        WHERE "bids"."provider_id" = "target"."id"
      UNION ALL
      SELECT "conversations"."work_request_id", "messages"."created_at" FROM "messages"
        JOIN "conversations" ON "conversations"."id" = "messages"."conversation_id"
        WHERE "messages"."sender_id" = "target"."id" AND "conversations"."provider_id" = "target"."id"
          AND "conversations"."work_request_id" IS NOT NULL
    ) AS "touches"
    JOIN "work_requests" ON "work_requests"."id" = "touches"."work_request_id"
    GROUP BY "touches"."work_request_id"
  ) AS "firsts" WHERE "firsts"."at" >= now() - interval '90 days'),
  (SELECT count(*)::int FROM "bids" JOIN "work_requests" ON "work_requests"."id" = "bids"."work_request_id"
    WHERE "bids"."provider_id" = "target"."id" AND "bids"."status" = 'ACCEPTED'
      AND "work_requests"."accepted_bid_id" = "bids"."id" AND "work_requests"."status" = 'COMPLETED'),
  now()
FROM "users" AS "target" WHERE "target"."role" = 'provider';
