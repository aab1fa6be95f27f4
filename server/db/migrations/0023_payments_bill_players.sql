-- Every payment bills a player of the club: (club_id, user_id) has a players row (never
-- deleted; the generator bills only players rows). A payment written before this for a
-- member the club had no row for gets an empty row first (the players triggers fill its
-- sort and search text), so the payments search reads the players' stored text alone
-- (bench/README.md "The payments grid"), and the index serves a player's payments of a period.
INSERT INTO "players" ("club_id", "user_id")
  SELECT DISTINCT p."club_id", p."user_id" FROM "payments" AS p
  WHERE NOT EXISTS (SELECT 1 FROM "players" AS pl WHERE pl."club_id" = p."club_id" AND pl."user_id" = p."user_id")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_club_player_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."players"("club_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
DROP INDEX "payments_club_user_idx";--> statement-breakpoint
CREATE INDEX "payments_club_user_idx" ON "payments" USING btree ("club_id","user_id","period");
