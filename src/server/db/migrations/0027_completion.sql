CREATE TYPE "public"."completion_step_kind" AS ENUM('done', 'problem', 'decision');--> statement-breakpoint
ALTER TYPE "public"."work_request_status" ADD VALUE 'DONE';--> statement-breakpoint
ALTER TYPE "public"."work_request_status" ADD VALUE 'DISPUTED';--> statement-breakpoint
CREATE TABLE "completion_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"step_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "completion_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "completion_files_thumbnail_key_unique" UNIQUE("thumbnail_key"),
	CONSTRAINT "completion_files_size_check" CHECK ("completion_files"."size_bytes" between 1 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "completion_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_request_id" uuid NOT NULL,
	"kind" "completion_step_kind" NOT NULL,
	"author_id" uuid,
	"reason" text,
	"note" text,
	"warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "completion_steps_note_check" CHECK (char_length("completion_steps"."note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "work_requests" DROP CONSTRAINT "work_requests_accepted_bid_check";--> statement-breakpoint
ALTER TABLE "completion_files" ADD CONSTRAINT "completion_files_step_id_completion_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."completion_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_steps" ADD CONSTRAINT "completion_steps_work_request_id_work_requests_id_fk" FOREIGN KEY ("work_request_id") REFERENCES "public"."work_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_steps" ADD CONSTRAINT "completion_steps_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "completion_files_step_idx" ON "completion_files" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "completion_steps_request_created_idx" ON "completion_steps" USING btree ("work_request_id","created_at");--> statement-breakpoint
ALTER TABLE "work_requests" ADD CONSTRAINT "work_requests_accepted_bid_check" CHECK ("work_requests"."accepted_bid_id" is null or "work_requests"."status" <> 'OPEN');