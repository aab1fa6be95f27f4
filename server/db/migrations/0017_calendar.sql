CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_kind_valid" CHECK ("calendar_feeds"."kind" in ('category', 'person')),
	CONSTRAINT "calendar_feeds_category_matches_kind" CHECK (("calendar_feeds"."kind" = 'category') = ("calendar_feeds"."category_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "session_attendance" (
	"session_id" integer NOT NULL,
	"player_user_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_attendance_status_valid" CHECK ("session_attendance"."status" in ('present', 'absent', 'late', 'excused'))
);
--> statement-breakpoint
CREATE TABLE "session_call_ups" (
	"session_id" integer NOT NULL,
	"player_user_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"answer" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"called_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_call_ups_answer_valid" CHECK ("session_call_ups"."answer" in ('pending', 'yes', 'no', 'maybe'))
);
--> statement-breakpoint
CREATE TABLE "session_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"category_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"location" text,
	"trainer_user_id" integer,
	"notes" text,
	"weekdays" smallint[] NOT NULL,
	"start_date" date NOT NULL,
	"until_date" date,
	"occurrence_count" integer,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text NOT NULL,
	"rrule" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_series_type_valid" CHECK ("session_series"."type" in ('training', 'match', 'meeting', 'tournament', 'event')),
	CONSTRAINT "session_series_ends" CHECK ("session_series"."until_date" is not null or "session_series"."occurrence_count" is not null),
	CONSTRAINT "session_series_weekdays" CHECK ("session_series"."weekdays" <@ array[1,2,3,4,5,6,7]::smallint[] and cardinality("session_series"."weekdays") > 0),
	CONSTRAINT "session_series_duration" CHECK ("session_series"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"series_id" integer,
	"occurrence_date" date,
	"category_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text,
	"trainer_user_id" integer,
	"notes" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancel_reason" text,
	"opponent" text,
	"home_away" text,
	"competition" text,
	"score_ours" smallint,
	"score_theirs" smallint,
	"attendance_version" integer DEFAULT 0 NOT NULL,
	"attendance_closed_at" timestamp with time zone,
	"attendance_closed_by" integer,
	"reminder_sent_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_type_valid" CHECK ("sessions"."type" in ('training', 'match', 'meeting', 'tournament', 'event')),
	CONSTRAINT "sessions_status_valid" CHECK ("sessions"."status" in ('scheduled', 'cancelled', 'done')),
	CONSTRAINT "sessions_home_away_valid" CHECK ("sessions"."home_away" is null or "sessions"."home_away" in ('home', 'away')),
	CONSTRAINT "sessions_ends_after_start" CHECK ("sessions"."ends_at" > "sessions"."starts_at"),
	CONSTRAINT "sessions_scores_valid" CHECK (coalesce("sessions"."score_ours", 0) >= 0 and coalesce("sessions"."score_theirs", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_player_user_id_users_id_fk" FOREIGN KEY ("player_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_call_ups" ADD CONSTRAINT "session_call_ups_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_call_ups" ADD CONSTRAINT "session_call_ups_player_user_id_users_id_fk" FOREIGN KEY ("player_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_call_ups" ADD CONSTRAINT "session_call_ups_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_call_ups" ADD CONSTRAINT "session_call_ups_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_call_ups" ADD CONSTRAINT "session_call_ups_called_by_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_trainer_user_id_users_id_fk" FOREIGN KEY ("trainer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_series_id_session_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."session_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_trainer_user_id_users_id_fk" FOREIGN KEY ("trainer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_attendance_closed_by_users_id_fk" FOREIGN KEY ("attendance_closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("club_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_attendance_unique" ON "session_attendance" USING btree ("session_id","player_user_id");--> statement-breakpoint
CREATE INDEX "session_attendance_player_idx" ON "session_attendance" USING btree ("club_id","player_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_call_ups_unique" ON "session_call_ups" USING btree ("session_id","player_user_id");--> statement-breakpoint
CREATE INDEX "session_call_ups_player_idx" ON "session_call_ups" USING btree ("club_id","player_user_id");--> statement-breakpoint
CREATE INDEX "session_series_club_idx" ON "session_series" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "sessions_club_starts_idx" ON "sessions" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_club_category_starts_idx" ON "sessions" USING btree ("club_id","category_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_series_occurrence_unique" ON "sessions" USING btree ("series_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "sessions_reminder_due_idx" ON "sessions" USING btree ("starts_at") WHERE "sessions"."reminder_sent_at" is null and "sessions"."status" = 'scheduled';