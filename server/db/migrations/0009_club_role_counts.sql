CREATE TABLE "club_role_counts" (
	"club_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "club_role_counts_club_id_role_id_pk" PRIMARY KEY("club_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "club_role_counts" ADD CONSTRAINT "club_role_counts_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_role_counts" ADD CONSTRAINT "club_role_counts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each membership added, removed or moved counts in its own transaction, under the counter row's lock.
CREATE FUNCTION "club_role_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "club_role_counts" SET "members" = "members" - 1
     WHERE "club_id" = OLD."club_id" AND "role_id" = OLD."role_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "club_role_counts" ("club_id", "role_id", "members") VALUES (NEW."club_id", NEW."role_id", 1)
    ON CONFLICT ("club_id", "role_id") DO UPDATE SET "members" = "club_role_counts"."members" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "club_memberships_count" AFTER INSERT OR DELETE OR UPDATE OF "club_id", "role_id" ON "club_memberships" FOR EACH ROW EXECUTE FUNCTION "club_role_counts_track"();--> statement-breakpoint
INSERT INTO "club_role_counts" ("club_id", "role_id", "members") SELECT "club_id", "role_id", count(*) FROM "club_memberships" GROUP BY "club_id", "role_id";
