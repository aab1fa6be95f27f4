CREATE TABLE "payment_counts" (
	"club_id" integer NOT NULL,
	"period" date NOT NULL,
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"payments" integer NOT NULL,
	"amount_due" bigint NOT NULL,
	"amount_paid" bigint NOT NULL,
	CONSTRAINT "payment_counts_pk" PRIMARY KEY("club_id","period","status","due_date")
);
--> statement-breakpoint
-- Adds the rows of a statement's transition tables to payment_counts: +1 per new row,
-- -1 per old row, grouped by key, in key order (so concurrent writers lock counter rows
-- in the same order), skipping groups whose change nets to nothing.
CREATE FUNCTION "payment_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_counts AS c (club_id, period, status, due_date, payments, amount_due, amount_paid)
    SELECT club_id, period, status, due_date, count(*), sum(amount_due), sum(amount_paid)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (club_id, period, status, due_date) DO UPDATE SET
      payments = c.payments + excluded.payments,
      amount_due = c.amount_due + excluded.amount_due,
      amount_paid = c.amount_paid + excluded.amount_paid;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_counts AS c (club_id, period, status, due_date, payments, amount_due, amount_paid)
    SELECT club_id, period, status, due_date, -count(*), -sum(amount_due), -sum(amount_paid)
      FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (club_id, period, status, due_date) DO UPDATE SET
      payments = c.payments + excluded.payments,
      amount_due = c.amount_due + excluded.amount_due,
      amount_paid = c.amount_paid + excluded.amount_paid;
  ELSE
    INSERT INTO payment_counts AS c (club_id, period, status, due_date, payments, amount_due, amount_paid)
    SELECT club_id, period, status, due_date, sum(n), sum(amount_due), sum(amount_paid)
      FROM (
        SELECT club_id, period, status, due_date, 1 AS n, amount_due, amount_paid FROM new_rows
        UNION ALL
        SELECT club_id, period, status, due_date, -1, -amount_due, -amount_paid FROM old_rows
      ) AS delta
      GROUP BY 1, 2, 3, 4
      HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(amount_paid) <> 0
      ORDER BY 1, 2, 3, 4
    ON CONFLICT (club_id, period, status, due_date) DO UPDATE SET
      payments = c.payments + excluded.payments,
      amount_due = c.amount_due + excluded.amount_due,
      amount_paid = c.amount_paid + excluded.amount_paid;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_counts_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_counts_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_counts_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_apply"();--> statement-breakpoint
INSERT INTO "payment_counts" (club_id, period, status, due_date, payments, amount_due, amount_paid)
SELECT club_id, period, status, due_date, count(*), sum(amount_due), sum(amount_paid)
  FROM payments GROUP BY 1, 2, 3, 4;
