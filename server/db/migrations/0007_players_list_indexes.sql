DROP INDEX "players_club_category_idx";--> statement-breakpoint
ALTER TABLE "club_memberships" ADD COLUMN "sort_lastname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "club_memberships" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "sort_lastname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "club_memberships_club_role_name_idx" ON "club_memberships" USING btree ("club_id","role_id","sort_lastname" collate "und-x-icu","sort_name" collate "und-x-icu","user_id");--> statement-breakpoint
CREATE INDEX "players_club_category_name_idx" ON "players" USING btree ("club_id","category_id","sort_lastname" collate "und-x-icu","sort_name" collate "und-x-icu","user_id");--> statement-breakpoint
UPDATE "club_memberships" SET "sort_lastname" = u."lastname", "sort_name" = u."name" FROM "users" u WHERE u."id" = "club_memberships"."user_id";--> statement-breakpoint
UPDATE "players" SET "sort_lastname" = u."lastname", "sort_name" = u."name" FROM "users" u WHERE u."id" = "players"."user_id";--> statement-breakpoint
-- The copies are the person's names, whatever a writer sends: filled on insert, recomputed on any update of them.
CREATE FUNCTION "person_sort_names_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."lastname", u."name" INTO STRICT NEW."sort_lastname", NEW."sort_name" FROM "users" u WHERE u."id" = NEW."user_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "club_memberships_sort_names" BEFORE INSERT OR UPDATE OF "user_id", "sort_lastname", "sort_name" ON "club_memberships" FOR EACH ROW EXECUTE FUNCTION "person_sort_names_fill"();--> statement-breakpoint
CREATE TRIGGER "players_sort_names" BEFORE INSERT OR UPDATE OF "user_id", "sort_lastname", "sort_name" ON "players" FOR EACH ROW EXECUTE FUNCTION "person_sort_names_fill"();--> statement-breakpoint
-- A renamed person: every copy follows in the same transaction.
CREATE FUNCTION "users_sort_names_propagate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "club_memberships" SET "sort_lastname" = NEW."lastname", "sort_name" = NEW."name" WHERE "user_id" = NEW."id";
  UPDATE "players" SET "sort_lastname" = NEW."lastname", "sort_name" = NEW."name" WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_sort_names" AFTER UPDATE OF "name", "lastname" ON "users" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."lastname" IS DISTINCT FROM NEW."lastname") EXECUTE FUNCTION "users_sort_names_propagate"();
