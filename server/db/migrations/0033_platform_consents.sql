CREATE TABLE "platform_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "platform_consents_kind_valid" CHECK ("platform_consents"."kind" in ('terms', 'data_policy'))
);
--> statement-breakpoint
ALTER TABLE "platform_consents" ADD CONSTRAINT "platform_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_consents_user_idx" ON "platform_consents" USING btree ("user_id","accepted_at");