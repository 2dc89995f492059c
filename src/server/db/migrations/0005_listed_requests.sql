DROP INDEX "work_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "work_requests_client_created_idx";--> statement-breakpoint
DROP INDEX "work_requests_category_status_created_idx";--> statement-breakpoint
DROP INDEX "bids_provider_created_idx";--> statement-breakpoint
DROP INDEX "reviews_provider_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "alerts_created_idx";--> statement-breakpoint
DROP INDEX "alerts_type_created_idx";--> statement-breakpoint
DROP INDEX "audit_entries_created_idx";--> statement-breakpoint
DROP INDEX "audit_entries_action_created_idx";--> statement-breakpoint
ALTER TABLE "work_requests" ADD COLUMN "client_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "work_requests_listed_created_idx" ON "work_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
CREATE INDEX "work_requests_listed_category_created_idx" ON "work_requests" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "work_requests"."status" = 'OPEN' and "work_requests"."client_active";--> statement-breakpoint
CREATE INDEX "work_requests_status_created_idx" ON "work_requests" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_requests_client_created_idx" ON "work_requests" USING btree ("client_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_requests_category_status_created_idx" ON "work_requests" USING btree ("category","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bids_provider_created_idx" ON "bids" USING btree ("provider_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_provider_created_idx" ON "reviews" USING btree ("provider_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alerts_type_created_idx" ON "alerts" USING btree ("type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "audit_entries" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_action_created_idx" ON "audit_entries" USING btree ("action","created_at" DESC NULLS FIRST);