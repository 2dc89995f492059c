ALTER TABLE "notifications" ADD COLUMN "work_request_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_work_request_id_work_requests_id_fk" FOREIGN KEY ("work_request_id") REFERENCES "public"."work_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_work_request_idx" ON "notifications" USING btree ("work_request_id") WHERE "notifications"."work_request_id" is not null;--> statement-breakpoint
-- The old single switch `users.bid_emails` becomes choices per type (docs/notifications.md
-- "Preferences"): whoever turned bid mail off keeps every mail about bids off.
INSERT INTO "notification_preferences" ("user_id", "type", "email", "push")
SELECT "users"."id", "kinds"."type", false, true
  FROM "users"
 CROSS JOIN (VALUES ('bid_received'), ('bid_changed'), ('bid_withdrawn'), ('bid_accepted'), ('bid_rejected')) AS "kinds" ("type")
 WHERE "users"."bid_emails" = false
ON CONFLICT ("user_id", "type") DO UPDATE SET "email" = false;
