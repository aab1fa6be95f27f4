CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_preferences_type_valid" CHECK ("notification_preferences"."type" in ('event_reminder', 'attendance_alert', 'payment_due', 'system_alert', 'club_announcement', 'training_update', 'match_result'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"club_id" integer,
	"type" text NOT NULL,
	"priority" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('event_reminder', 'attendance_alert', 'payment_due', 'system_alert', 'club_announcement', 'training_update', 'match_result')),
	CONSTRAINT "notifications_priority_valid" CHECK ("notifications"."priority" in ('urgent', 'high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "payment_reminder_offsets" integer[] DEFAULT '{-3,0,5,10}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_a_day" ON "notifications" USING btree ("user_id","type","subject","day");--> statement-breakpoint
CREATE INDEX "notifications_user_list_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","club_id") WHERE "notifications"."read_at" is null and "notifications"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD CONSTRAINT "pla_club_teams_reminder_offsets_valid" CHECK (cardinality("pla_club_teams"."payment_reminder_offsets") <= 8 and -60 <= all("pla_club_teams"."payment_reminder_offsets") and 90 >= all("pla_club_teams"."payment_reminder_offsets"));