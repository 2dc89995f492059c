CREATE TYPE "public"."verification_kind" AS ENUM('trade_register', 'insurance');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'approved', 'rejected', 'superseded');--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" "verification_kind" NOT NULL,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"claimed_until" date,
	"expires_on" date,
	"reason" text,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"expiring_notice_at" timestamp with time zone,
	"expired_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "verification_documents_size_check" CHECK ("verification_documents"."size_bytes" between 1 and 5242880),
	CONSTRAINT "verification_documents_approved_check" CHECK ("verification_documents"."status" <> 'approved' or "verification_documents"."expires_on" is not null)
);
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "ico" text;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_provider_idx" ON "verification_documents" USING btree ("provider_id","kind");--> statement-breakpoint
CREATE INDEX "verification_documents_pending_idx" ON "verification_documents" USING btree ("created_at") WHERE "verification_documents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_documents_approved_idx" ON "verification_documents" USING btree ("expires_on") WHERE "verification_documents"."status" = 'approved';