-- A payment keeps the category its player was in when it was billed (payments.category_id),
-- so a category's billing history stays where it was billed when a player moves on, and
-- payment_counts can total a category's payments (the grid's category filter: bench/README.md
-- "The payments grid"). The counting triggers are dropped while the column is backfilled
-- from the players' current categories and payment_counts is rebuilt with the new key.
DROP TRIGGER "payment_counts_insert" ON "payments";--> statement-breakpoint
DROP TRIGGER "payment_counts_update" ON "payments";--> statement-breakpoint
DROP TRIGGER "payment_counts_delete" ON "payments";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "payments" AS p SET "category_id" = pl."category_id"
  FROM "players" AS pl
  WHERE pl."club_id" = p."club_id" AND pl."user_id" = p."user_id" AND pl."category_id" IS NOT NULL;--> statement-breakpoint
-- Every way a payment is written (the generator, a script, a test) gets the category of
-- the player's row in the club at that instant, unless it names one.
CREATE FUNCTION "payments_billed_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.category_id IS NULL THEN
    SELECT category_id INTO NEW.category_id FROM players
      WHERE club_id = NEW.club_id AND user_id = NEW.user_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_billed_category" BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_billed_category"();--> statement-breakpoint
DROP INDEX "payments_club_period_due_idx";--> statement-breakpoint
CREATE INDEX "payments_club_period_due_idx" ON "payments" USING btree ("club_id","period","due_date","id") INCLUDE ("status","user_id","amount_due","amount_paid","category_id");--> statement-breakpoint
ALTER TABLE "payment_counts" DROP CONSTRAINT "payment_counts_pk";--> statement-breakpoint
ALTER TABLE "payment_counts" ADD COLUMN "category_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "payment_counts";--> statement-breakpoint
ALTER TABLE "payment_counts" ADD CONSTRAINT "payment_counts_pk" PRIMARY KEY("club_id","period","status","due_date","category_id");--> statement-breakpoint
-- payment_counts_apply of 0019 with the category in the key (0 for none).
CREATE OR REPLACE FUNCTION "payment_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_counts AS c (club_id, period, status, due_date, category_id, payments, amount_due, amount_paid)
    SELECT club_id, period, status, due_date, coalesce(category_id, 0), count(*), sum(amount_due), sum(amount_paid)
      FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (club_id, period, status, due_date, category_id) DO UPDATE SET
      payments = c.payments + excluded.payments,
      amount_due = c.amount_due + excluded.amount_due,
      amount_paid = c.amount_paid + excluded.amount_paid;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_counts AS c (club_id, period, status, due_date, category_id, payments, amount_due, amount_paid)
    SELECT club_id, period, status, due_date, coalesce(category_id, 0), -count(*), -sum(amount_due), -sum(amount_paid)
      FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (club_id, period, status, due_date, category_id) DO UPDATE SET
      payments = c.payments + excluded.payments,
      amount_due = c.amount_due + excluded.amount_due,
      amount_paid = c.amount_paid + excluded.amount_paid;
  ELSE
    INSERT INTO payment_counts AS c (club_id, period, status, due_date, category_id, payments, amount_due, amount_paid)
    SELECT club_id, period, status, due_date, category_id, sum(n), sum(amount_due), sum(amount_paid)
      FROM (
        SELECT club_id, period, status, due_date, coalesce(category_id, 0) AS category_id, 1 AS n, amount_due, amount_paid FROM new_rows
        UNION ALL
        SELECT club_id, period, status, due_date, coalesce(category_id, 0), -1, -amount_due, -amount_paid FROM old_rows
      ) AS delta
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(amount_paid) <> 0
      ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (club_id, period, status, due_date, category_id) DO UPDATE SET
      payments = c.payments + excluded.payments,
      amount_due = c.amount_due + excluded.amount_due,
      amount_paid = c.amount_paid + excluded.amount_paid;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "payment_counts" (club_id, period, status, due_date, category_id, payments, amount_due, amount_paid)
SELECT club_id, period, status, due_date, coalesce(category_id, 0), count(*), sum(amount_due), sum(amount_paid)
  FROM payments GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE TRIGGER "payment_counts_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_counts_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_counts_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_apply"();
