CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer,
	"kind" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"action_url" text,
	"created_by" integer NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_kind_valid" CHECK ("announcements"."kind" in ('club_announcement', 'system_alert')),
	CONSTRAINT "announcements_club_when_club_kind" CHECK ("announcements"."kind" <> 'club_announcement' or "announcements"."club_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_club_created_idx" ON "announcements" USING btree ("club_id","created_at" DESC NULLS LAST);