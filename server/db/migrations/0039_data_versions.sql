CREATE TABLE "data_versions" (
	"scope" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raises the data version of every club a statement wrote rows of (TG_ARGV[0]: the SQL
-- expression of a row's club id over the alias r; '0' for the platform's scope alone), in
-- the writing transaction, the scopes in order (two writers lock them in the same order).
-- A dashboard answer computed under older versions is not served again
-- (server/features/dashboards/dashboard-answers.ts).
CREATE FUNCTION "data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written text;
BEGIN
  IF TG_ARGV[0] = '0' THEN
    INSERT INTO data_versions AS v (scope, version) VALUES (0, 1)
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
    RETURN NULL;
  END IF;
  written := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END;
  EXECUTE format(
    'INSERT INTO data_versions AS v (scope, version)
       SELECT DISTINCT k.scope, 1 FROM (SELECT %s AS scope FROM (%s) AS r) AS k
        WHERE k.scope IS NOT NULL ORDER BY 1
     ON CONFLICT (scope) DO UPDATE SET version = v.version + 1',
    TG_ARGV[0], written);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "pla_club_teams" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "pla_club_teams" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "pla_club_teams" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "category_trainers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('(SELECT c.club_id FROM categories c WHERE c.id = r.category_id)');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "category_trainers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('(SELECT c.club_id FROM categories c WHERE c.id = r.category_id)');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "category_trainers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('(SELECT c.club_id FROM categories c WHERE c.id = r.category_id)');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "trainers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "trainers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "trainers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "club_memberships" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "club_memberships" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "club_memberships" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "players" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "players" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "players" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "sessions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "session_attendance" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "session_attendance" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "session_attendance" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "charges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "club_payment_methods" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "club_payment_methods" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "club_payment_methods" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "payment_records" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "payment_records" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "payment_records" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "guardian_links" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "guardian_links" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "guardian_links" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "photo_consents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "photo_consents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "photo_consents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "club_role_permissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "club_role_permissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "club_role_permissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_insert" AFTER INSERT ON "club_role_module_overrides" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_update" AFTER UPDATE ON "club_role_module_overrides" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_delete" AFTER DELETE ON "club_role_module_overrides" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('r.club_id');--> statement-breakpoint
CREATE TRIGGER "data_versions_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('0');--> statement-breakpoint
CREATE TRIGGER "data_versions_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('0');--> statement-breakpoint
CREATE TRIGGER "data_versions_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('0');--> statement-breakpoint
CREATE TRIGGER "data_versions_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('0');--> statement-breakpoint
CREATE TRIGGER "data_versions_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "modules" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('0');--> statement-breakpoint
-- Users' rows belong to no club: a change of what the dashboards show of a person raises
-- the platform's scope (rare; a sign-in or a password change does not).
CREATE TRIGGER "data_versions_identity" AFTER UPDATE OF "name", "lastname", "document_type", "document_number", "birth_date", "gender" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump"('0');
