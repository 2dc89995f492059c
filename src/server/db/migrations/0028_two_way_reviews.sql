CREATE TABLE "client_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid,
	"work_request_id" uuid,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_reviews_work_request_key" UNIQUE("work_request_id"),
	CONSTRAINT "client_reviews_rating_check" CHECK ("client_reviews"."rating" between 1 and 5),
	CONSTRAINT "client_reviews_comment_check" CHECK (char_length("client_reviews"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answer_written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answer_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD CONSTRAINT "client_reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD CONSTRAINT "client_reviews_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD CONSTRAINT "client_reviews_work_request_id_work_requests_id_fk" FOREIGN KEY ("work_request_id") REFERENCES "public"."work_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_reviews_client_idx" ON "client_reviews" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answer_check" CHECK (char_length("reviews"."answer") <= 1000);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answer_written_check" CHECK (("reviews"."answer" is null) = ("reviews"."answer_written_at" is null));