-- The payments grid's search reads the payments it matches from one index instead of
-- finding the club's matching players (players_club_search_trgm_idx, 0040) and probing
-- each one's payments: at 50 connections that was twice the SQL time of any other list
-- (bench/README.md, "lists and searches"). Each payment keeps its player's searchable
-- text, the "name lastname" and document part of players.search_text (migration 0008, without
-- the guardian, whom the grid never searched), written by triggers only: on insert
-- from the player's row, and again whenever that part of the player's text changes (a
-- new name, last name or document of the account: users_sort_names_propagate rewrites the
-- players row, whose text players_derived_fill recomputes).
ALTER TABLE "payments" ADD COLUMN "player_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "player_person_search"(search_text text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT split_part(search_text, chr(1), 1) || chr(1) || split_part(search_text, chr(1), 2) $$;--> statement-breakpoint
UPDATE "payments" AS p SET "player_search" = player_person_search(pl."search_text")
  FROM "players" AS pl
  WHERE pl."club_id" = p."club_id" AND pl."user_id" = p."user_id";--> statement-breakpoint
-- The billed category (migration 0021) and the text come from the same players row.
CREATE OR REPLACE FUNCTION "payments_billed_category"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  player record;
BEGIN
  SELECT category_id, search_text INTO player FROM players
    WHERE club_id = NEW.club_id AND user_id = NEW.user_id;
  IF NEW.category_id IS NULL THEN
    NEW.category_id := player.category_id;
  END IF;
  NEW.player_search := coalesce(player_person_search(player.search_text), '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "players_search_to_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments SET player_search = player_person_search(NEW.search_text)
    WHERE club_id = NEW.club_id AND user_id = NEW.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Any update: players_derived_fill rewrites search_text when the SET list names other columns.
CREATE TRIGGER "players_search_to_payments" AFTER UPDATE ON "players" FOR EACH ROW
  WHEN (player_person_search(OLD."search_text") IS DISTINCT FROM player_person_search(NEW."search_text"))
  EXECUTE FUNCTION "players_search_to_payments"();--> statement-breakpoint
-- The club, the period and the text's trigrams in one GIN index (btree_gin, as 0040);
-- without btree_gin the trigrams alone, without pg_trgm none (the search still works).
DO $$
BEGIN
  BEGIN
    CREATE INDEX IF NOT EXISTS payments_club_period_search_idx ON payments USING gin (club_id, period, player_search gin_trgm_ops);
  EXCEPTION WHEN undefined_object THEN
    CREATE INDEX IF NOT EXISTS payments_search_trgm_idx ON payments USING gin (player_search gin_trgm_ops);
  END;
EXCEPTION WHEN undefined_object THEN
  RAISE NOTICE 'pg_trgm is not available: the payments search reads the period without a trigram index';
END;
$$;
