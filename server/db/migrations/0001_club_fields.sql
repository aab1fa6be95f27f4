ALTER TABLE "pla_club_teams" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "sport" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "season_start_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "season_end_month" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "timezone" text DEFAULT 'America/Bogota' NOT NULL;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "currency" text DEFAULT 'COP' NOT NULL;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD CONSTRAINT "pla_club_teams_status_valid" CHECK ("pla_club_teams"."status" in ('active', 'archived'));--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD CONSTRAINT "pla_club_teams_season_months_valid" CHECK ("pla_club_teams"."season_start_month" between 1 and 12 and "pla_club_teams"."season_end_month" between 1 and 12);