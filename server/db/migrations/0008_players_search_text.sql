ALTER TABLE "players" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Folded as server/lib/list-query.ts `folded` folds (the same two strings); tests/api/players-list-triggers.test.ts checks they agree.
CREATE FUNCTION "players_derived_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person record;
BEGIN
  SELECT u."lastname", u."name", u."document_number" INTO STRICT person FROM "users" u WHERE u."id" = NEW."user_id";
  NEW."sort_lastname" := person."lastname";
  NEW."sort_name" := person."name";
  NEW."search_text" := lower(translate(
    person."name" || ' ' || person."lastname" || chr(1) || coalesce(person."document_number", '') || chr(1) || coalesce(NEW."guardian_name", ''),
    'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ',
    'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc'));
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "players_sort_names" ON "players";--> statement-breakpoint
CREATE TRIGGER "players_derived" BEFORE INSERT OR UPDATE OF "user_id", "guardian_name", "sort_lastname", "sort_name", "search_text" ON "players" FOR EACH ROW EXECUTE FUNCTION "players_derived_fill"();--> statement-breakpoint
-- Touching the column runs the trigger, which writes every player's text.
UPDATE "players" SET "search_text" = '';--> statement-breakpoint
-- A new document number changes the text too: the person's trigger follows it as it follows the names.
DROP TRIGGER "users_sort_names" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_sort_names" AFTER UPDATE OF "name", "lastname", "document_number" ON "users" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."lastname" IS DISTINCT FROM NEW."lastname" OR OLD."document_number" IS DISTINCT FROM NEW."document_number") EXECUTE FUNCTION "users_sort_names_propagate"();
