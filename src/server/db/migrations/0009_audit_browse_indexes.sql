DROP INDEX "audit_entries_actor_idx";--> statement-breakpoint
DROP INDEX "audit_entries_request_idx";--> statement-breakpoint
DROP INDEX "alerts_created_idx";--> statement-breakpoint
DROP INDEX "alerts_type_created_idx";--> statement-breakpoint
DROP INDEX "audit_entries_created_idx";--> statement-breakpoint
DROP INDEX "audit_entries_action_created_idx";--> statement-breakpoint
CREATE INDEX "audit_entries_actor_created_idx" ON "audit_entries" USING btree ("actor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_actor_type_created_idx" ON "audit_entries" USING btree ("actor_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_request_created_idx" ON "audit_entries" USING btree ("request_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alerts_type_created_idx" ON "alerts" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "audit_entries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_action_created_idx" ON "audit_entries" USING btree ("action","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);