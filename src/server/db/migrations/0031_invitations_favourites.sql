CREATE TABLE "request_invitations" (
	"work_request_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_invitations_pkey" PRIMARY KEY("work_request_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_providers" (
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_providers_pkey" PRIMARY KEY("client_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "request_invitations" ADD CONSTRAINT "request_invitations_work_request_id_work_requests_id_fk" FOREIGN KEY ("work_request_id") REFERENCES "public"."work_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_invitations" ADD CONSTRAINT "request_invitations_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_providers" ADD CONSTRAINT "favourite_providers_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_providers" ADD CONSTRAINT "favourite_providers_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_invitations_provider_idx" ON "request_invitations" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "favourite_providers_client_created_idx" ON "favourite_providers" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourite_providers_provider_idx" ON "favourite_providers" USING btree ("provider_id");