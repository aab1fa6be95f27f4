CREATE TABLE "exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"club_id" integer,
	"list_url" text NOT NULL,
	"query" jsonb NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"rows" integer,
	"file_name" text,
	"storage_key" text,
	"error" text,
	"idempotency_key" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "exports_status_valid" CHECK ("exports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "exports_format_valid" CHECK ("exports"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exports_user_key_idx" ON "exports" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "exports_expiry_idx" ON "exports" USING btree ("expires_at") WHERE "exports"."storage_key" is not null;