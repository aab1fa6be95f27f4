CREATE TABLE "payment_debtors" (
	"club_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"oldest_due" date,
	CONSTRAINT "payment_debtors_pk" PRIMARY KEY("club_id","category_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "payment_debtors_club_due_idx" ON "payment_debtors" USING btree ("club_id","oldest_due","category_id") WHERE "payment_debtors"."oldest_due" is not null;--> statement-breakpoint
-- Brings payment_debtors up to date for the (club, category, player) keys whose unpaid
-- payments a statement on payments changed: every key gets a row, the rows are locked in
-- key order, and then (a new statement: a new snapshot under READ COMMITTED) each row's
-- oldest due date is read again from payments. A writer that waited for another's lock
-- reads after that one committed, so the last to read sees both; a minimum, unlike a
-- count, cannot be kept by adding deltas.
CREATE FUNCTION "payment_debtors_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  club_ids integer[];
  category_ids integer[];
  user_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(club_id), array_agg(category_id), array_agg(user_id)
      INTO club_ids, category_ids, user_ids
      FROM (SELECT DISTINCT club_id, coalesce(category_id, 0) AS category_id, user_id
              FROM new_rows WHERE status IN ('pending', 'partial', 'rejected')) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(club_id), array_agg(category_id), array_agg(user_id)
      INTO club_ids, category_ids, user_ids
      FROM (SELECT DISTINCT club_id, coalesce(category_id, 0) AS category_id, user_id
              FROM old_rows WHERE status IN ('pending', 'partial', 'rejected')) AS k;
  ELSE
    -- Only rows whose status, due date or key moved, unpaid before or after.
    SELECT array_agg(club_id), array_agg(category_id), array_agg(user_id)
      INTO club_ids, category_ids, user_ids
      FROM (
        SELECT DISTINCT r.club_id, coalesce(r.category_id, 0) AS category_id, r.user_id
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          CROSS JOIN LATERAL (VALUES (n.club_id, n.category_id, n.user_id, n.status),
                                     (o.club_id, o.category_id, o.user_id, o.status))
                     AS r(club_id, category_id, user_id, status)
         WHERE r.status IN ('pending', 'partial', 'rejected')
           AND (n.status, n.due_date, n.club_id, n.category_id, n.user_id)
               IS DISTINCT FROM (o.status, o.due_date, o.club_id, o.category_id, o.user_id)
      ) AS k;
  END IF;
  IF club_ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO payment_debtors (club_id, category_id, user_id)
  SELECT * FROM unnest(club_ids, category_ids, user_ids) ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM payment_debtors d
    JOIN unnest(club_ids, category_ids, user_ids) AS k(club_id, category_id, user_id)
      ON d.club_id = k.club_id AND d.category_id = k.category_id AND d.user_id = k.user_id
   ORDER BY d.club_id, d.category_id, d.user_id
     FOR UPDATE OF d;
  UPDATE payment_debtors d SET oldest_due = m.oldest
    FROM (SELECT k.club_id, k.category_id, k.user_id,
                 (SELECT min(p.due_date) FROM payments p
                   WHERE p.club_id = k.club_id AND p.user_id = k.user_id
                     AND coalesce(p.category_id, 0) = k.category_id
                     AND p.status IN ('pending', 'partial', 'rejected')) AS oldest
            FROM unnest(club_ids, category_ids, user_ids) AS k(club_id, category_id, user_id)
         ) AS m
   WHERE d.club_id = m.club_id AND d.category_id = m.category_id AND d.user_id = m.user_id
     AND d.oldest_due IS DISTINCT FROM m.oldest;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_debtors_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_debtors_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_debtors_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_debtors_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_debtors_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_debtors_apply"();--> statement-breakpoint
INSERT INTO "payment_debtors" (club_id, category_id, user_id, oldest_due)
SELECT club_id, coalesce(category_id, 0), user_id,
       min(due_date) FILTER (WHERE status IN ('pending', 'partial', 'rejected'))
  FROM payments
 GROUP BY 1, 2, 3;
