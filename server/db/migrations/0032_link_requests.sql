CREATE TABLE "link_request_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"recipient_id" integer,
	"email" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "link_request_tokens_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "link_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fields" jsonb NOT NULL,
	"typed_name" text NOT NULL,
	"typed_document_type" text,
	"typed_document_number" text,
	"typed_email" text,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "link_requests_kind_valid" CHECK ("link_requests"."kind" in ('player', 'trainer')),
	CONSTRAINT "link_requests_status_valid" CHECK ("link_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "link_request_tokens" ADD CONSTRAINT "link_request_tokens_request_id_link_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."link_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_request_tokens" ADD CONSTRAINT "link_request_tokens_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_request_tokens_request_idx" ON "link_request_tokens" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_requests_one_pending_idx" ON "link_requests" USING btree ("club_id","person_id","kind") WHERE "link_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "link_requests_club_idx" ON "link_requests" USING btree ("club_id","requested_at");--> statement-breakpoint
CREATE INDEX "link_requests_person_idx" ON "link_requests" USING btree ("person_id","status");