-- Issue #34 item 4: a club's remembered column mapping for players imports, by normalised
-- header (the field it chose, or null: not imported).
CREATE TABLE "player_import_mappings" (
	"club_id" integer NOT NULL,
	"header_key" text NOT NULL,
	"field" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_import_mappings_pk" PRIMARY KEY("club_id","header_key")
);
--> statement-breakpoint
ALTER TABLE "player_import_mappings" ADD CONSTRAINT "player_import_mappings_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;