CREATE TABLE "category_player_counts" (
	"club_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "category_player_counts_club_id_category_id_pk" PRIMARY KEY("club_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "category_player_counts" ADD CONSTRAINT "category_player_counts_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_player_counts" ADD CONSTRAINT "category_player_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A category's list reads its total here instead of counting the category on every page
-- (1,418 index entries a call at 10,000 players: bench/HISTORY.md "The players lists at
-- 50 connections"). Each player added, removed, moved to another category or into or out
-- of the club (in_club, migration 0010) counts in its own transaction, under the counter
-- row's lock. A decrement only updates: the row of a category being deleted (its players
-- set to none) may already be gone with it.
CREATE FUNCTION "category_player_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."in_club" AND OLD."category_id" IS NOT NULL THEN
    UPDATE "category_player_counts" SET "players" = "players" - 1
     WHERE "club_id" = OLD."club_id" AND "category_id" = OLD."category_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."in_club" AND NEW."category_id" IS NOT NULL THEN
    INSERT INTO "category_player_counts" ("club_id", "category_id", "players")
    VALUES (NEW."club_id", NEW."category_id", 1)
    ON CONFLICT ("club_id", "category_id") DO UPDATE SET "players" = "category_player_counts"."players" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "players_category_count" AFTER INSERT OR DELETE ON "players" FOR EACH ROW EXECUTE FUNCTION "category_player_counts_track"();--> statement-breakpoint
CREATE TRIGGER "players_category_count_moved" AFTER UPDATE ON "players" FOR EACH ROW
  WHEN ((OLD."club_id", OLD."category_id", OLD."in_club") IS DISTINCT FROM (NEW."club_id", NEW."category_id", NEW."in_club"))
  EXECUTE FUNCTION "category_player_counts_track"();--> statement-breakpoint
INSERT INTO "category_player_counts" ("club_id", "category_id", "players")
SELECT "club_id", "category_id", count(*) FROM "players"
 WHERE "in_club" AND "category_id" IS NOT NULL GROUP BY "club_id", "category_id";
