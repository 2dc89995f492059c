CREATE TABLE "sign_in_devices" (
	"user_id" uuid NOT NULL,
	"device_key" text NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_devices_user_id_device_key_pk" PRIMARY KEY("user_id","device_key")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "work_request_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
