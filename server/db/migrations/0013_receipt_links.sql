CREATE TABLE "receipt_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_record_id_payment_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."payment_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_links_token_unique" ON "receipt_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "receipt_links_record_idx" ON "receipt_links" USING btree ("record_id");