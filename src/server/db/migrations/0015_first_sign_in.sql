ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Accounts with a session have signed in before; the rest are greeted without a "welcome back".
UPDATE "users" SET "last_signed_in_at" = "opened"."at"
FROM (SELECT "user_id", max("created_at") AS "at" FROM "sessions" GROUP BY "user_id") AS "opened"
WHERE "users"."id" = "opened"."user_id";
