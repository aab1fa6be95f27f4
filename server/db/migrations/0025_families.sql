CREATE TABLE "data_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "guardian_links" (
	"club_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"invitation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "guardian_links_club_id_player_id_guardian_id_pk" PRIMARY KEY("club_id","player_id","guardian_id"),
	CONSTRAINT "guardian_links_status_valid" CHECK ("guardian_links"."status" in ('pending', 'authorized', 'denied')),
	CONSTRAINT "guardian_links_not_self" CHECK ("guardian_links"."guardian_id" <> "guardian_links"."player_id")
);
--> statement-breakpoint
CREATE TABLE "photo_consents" (
	"club_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "photo_consents_club_id_player_id_channel_pk" PRIMARY KEY("club_id","player_id","channel"),
	CONSTRAINT "photo_consents_channel_valid" CHECK ("photo_consents"."channel" in ('internal', 'public_web', 'social'))
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "player_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "authorize_on_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_consents" ADD CONSTRAINT "data_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_consents" ADD CONSTRAINT "data_consents_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_player_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_club_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_player_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_consents_user_club_idx" ON "data_consents" USING btree ("user_id","club_id","accepted_at");--> statement-breakpoint
CREATE INDEX "guardian_links_guardian_idx" ON "guardian_links" USING btree ("guardian_id","status","club_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_one_primary_idx" ON "guardian_links" USING btree ("club_id","player_id") WHERE "guardian_links"."is_primary";--> statement-breakpoint
-- Until now a guardian reached a child through the e-mail typed on the player; keep what
-- they saw: each such guardian who holds Padre/Acudiente in the club becomes the child's
-- authorised, primary guardian.
INSERT INTO "guardian_links" ("club_id", "player_id", "guardian_id", "status", "is_primary", "created_at", "decided_at")
SELECT p."club_id", p."user_id", u."id", 'authorized', true, now(), now()
FROM "players" p
JOIN "users" u ON u."email" = lower(trim(p."guardian_email")) AND u."id" <> p."user_id"
WHERE EXISTS (
  SELECT 1 FROM "club_memberships" m JOIN "roles" r ON r."id" = m."role_id"
  WHERE m."user_id" = u."id" AND m."club_id" = p."club_id" AND r."name" = 'Padre/Acudiente'
)
ON CONFLICT DO NOTHING;
