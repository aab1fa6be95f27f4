CREATE TABLE "payment_collections" (
	"club_id" integer NOT NULL,
	"month" date NOT NULL,
	"payment_method_id" integer DEFAULT 0 NOT NULL,
	"records" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_collections_pk" PRIMARY KEY("club_id","month","payment_method_id")
);
--> statement-breakpoint
-- Adds the approved records of a statement's transition tables to payment_collections: +1
-- per new approved record, -1 per old one, by club, month of approval (the club's
-- timezone) and payment method, in key order (concurrent writers lock the rows in the same
-- order), skipping groups whose change nets to nothing.
CREATE FUNCTION "payment_collections_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_collections AS c (club_id, month, payment_method_id, records, amount)
    SELECT r.club_id, date_trunc('month', r.reviewed_at AT TIME ZONE k.timezone)::date,
           coalesce(r.payment_method_id, 0), count(*), sum(r.amount)
      FROM new_rows r JOIN pla_club_teams k ON k.id = r.club_id
     WHERE r.status = 'approved' AND r.reviewed_at IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (club_id, month, payment_method_id) DO UPDATE SET
      records = c.records + excluded.records, amount = c.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_collections AS c (club_id, month, payment_method_id, records, amount)
    SELECT r.club_id, date_trunc('month', r.reviewed_at AT TIME ZONE k.timezone)::date,
           coalesce(r.payment_method_id, 0), -count(*), -sum(r.amount)
      FROM old_rows r JOIN pla_club_teams k ON k.id = r.club_id
     WHERE r.status = 'approved' AND r.reviewed_at IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (club_id, month, payment_method_id) DO UPDATE SET
      records = c.records + excluded.records, amount = c.amount + excluded.amount;
  ELSE
    INSERT INTO payment_collections AS c (club_id, month, payment_method_id, records, amount)
    SELECT d.club_id, date_trunc('month', d.reviewed_at AT TIME ZONE k.timezone)::date,
           coalesce(d.payment_method_id, 0), sum(d.n), sum(d.amount)
      FROM (
        SELECT club_id, reviewed_at, payment_method_id, 1 AS n, amount
          FROM new_rows WHERE status = 'approved' AND reviewed_at IS NOT NULL
        UNION ALL
        SELECT club_id, reviewed_at, payment_method_id, -1, -amount
          FROM old_rows WHERE status = 'approved' AND reviewed_at IS NOT NULL
      ) AS d JOIN pla_club_teams k ON k.id = d.club_id
     GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (club_id, month, payment_method_id) DO UPDATE SET
      records = c.records + excluded.records, amount = c.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_collections_insert" AFTER INSERT ON "payment_records" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_collections_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_collections_update" AFTER UPDATE ON "payment_records" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_collections_apply"();--> statement-breakpoint
CREATE TRIGGER "payment_collections_delete" AFTER DELETE ON "payment_records" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_collections_apply"();--> statement-breakpoint
-- A club's months move with its timezone: its rows are counted again in the new one. The
-- SHARE lock waits for every transaction writing payment_records to end (one may have
-- bucketed a record by the old timezone) and holds new writers until this one commits, so
-- the recount sees every record and no writer adds one by the old timezone afterwards.
CREATE FUNCTION "payment_collections_rebuild"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE payment_records IN SHARE MODE;
  DELETE FROM payment_collections WHERE club_id = NEW.id;
  INSERT INTO payment_collections (club_id, month, payment_method_id, records, amount)
  SELECT club_id, date_trunc('month', reviewed_at AT TIME ZONE NEW.timezone)::date,
         coalesce(payment_method_id, 0), count(*), sum(amount)
    FROM payment_records
   WHERE club_id = NEW.id AND status = 'approved' AND reviewed_at IS NOT NULL
   GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_collections_timezone" AFTER UPDATE OF "timezone" ON "pla_club_teams" FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION "payment_collections_rebuild"();--> statement-breakpoint
INSERT INTO "payment_collections" (club_id, month, payment_method_id, records, amount)
SELECT r.club_id, date_trunc('month', r.reviewed_at AT TIME ZONE k.timezone)::date,
       coalesce(r.payment_method_id, 0), count(*), sum(r.amount)
  FROM payment_records r JOIN pla_club_teams k ON k.id = r.club_id
 WHERE r.status = 'approved' AND r.reviewed_at IS NOT NULL
 GROUP BY 1, 2, 3;
