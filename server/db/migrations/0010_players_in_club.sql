ALTER TABLE "players" ADD COLUMN "in_club" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "players_club_category_in_club_idx" ON "players" USING btree ("club_id","category_id","sort_lastname" collate "und-x-icu","sort_name" collate "und-x-icu","user_id","search_text") WHERE "players"."in_club";--> statement-breakpoint
-- in_club is whether the person holds the club's Jugador role: computed on every write of the row's key or of the column itself, whatever a writer sends.
CREATE FUNCTION "players_in_club_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."in_club" := EXISTS (
    SELECT 1 FROM "club_memberships" m JOIN "roles" r ON r."id" = m."role_id" AND r."name" = 'Jugador'
     WHERE m."club_id" = NEW."club_id" AND m."user_id" = NEW."user_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "players_in_club" BEFORE INSERT OR UPDATE OF "club_id", "user_id", "in_club" ON "players" FOR EACH ROW EXECUTE FUNCTION "players_in_club_fill"();--> statement-breakpoint
-- A membership that comes, goes or changes role: the players row of that person in that club recomputes (touching the column runs the trigger above).
CREATE FUNCTION "club_memberships_in_club_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "players" SET "in_club" = "in_club" WHERE "club_id" = OLD."club_id" AND "user_id" = OLD."user_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "players" SET "in_club" = "in_club" WHERE "club_id" = NEW."club_id" AND "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "club_memberships_in_club" AFTER INSERT OR DELETE OR UPDATE OF "club_id", "user_id", "role_id" ON "club_memberships" FOR EACH ROW EXECUTE FUNCTION "club_memberships_in_club_follow"();--> statement-breakpoint
UPDATE "players" SET "in_club" = "in_club";
