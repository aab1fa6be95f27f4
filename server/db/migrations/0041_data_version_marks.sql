CREATE TABLE "data_version_marks" (
	"tx" bigint NOT NULL,
	"scope" integer NOT NULL,
	CONSTRAINT "data_version_marks_pk" PRIMARY KEY("tx","scope")
);
--> statement-breakpoint
-- The statement triggers of 0039 raised a club's counter in every writing statement, so a
-- transaction held that row's lock from its first write to its commit: a long transaction
-- (an import) and a short one writing the same rows in the other order could deadlock on
-- it. They now only mark the scopes written (a key of their own transaction: no wait), and
-- the deferred trigger below raises them at commit, all at once and in scope order.
CREATE OR REPLACE FUNCTION "data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written text;
BEGIN
  IF TG_ARGV[0] = '0' THEN
    INSERT INTO data_version_marks (tx, scope) VALUES (txid_current(), 0)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  written := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END;
  EXECUTE format(
    'INSERT INTO data_version_marks (tx, scope)
       SELECT DISTINCT txid_current(), k.scope FROM (SELECT %s AS scope FROM (%s) AS r) AS k
        WHERE k.scope IS NOT NULL
     ON CONFLICT DO NOTHING',
    TG_ARGV[0], written);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At commit: the first mark of the transaction to fire raises every scope the transaction
-- marked, in order, and clears them; the others find theirs gone.
CREATE FUNCTION "data_version_marks_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH done AS (DELETE FROM data_version_marks WHERE tx = NEW.tx RETURNING scope)
  INSERT INTO data_versions AS v (scope, version)
  SELECT scope, 1 FROM done ORDER BY scope
  ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "data_version_marks_apply" AFTER INSERT ON "data_version_marks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_version_marks_apply"();
