CREATE TABLE "session_attendance_counts" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"present" integer NOT NULL,
	"late" integer NOT NULL,
	"absent" integer NOT NULL,
	"excused" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_attendance_counts" ADD CONSTRAINT "session_attendance_counts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds the marks of a statement's transition tables to session_attendance_counts: +1 per new
-- mark, -1 per old one, per session and status, in session order (concurrent writers lock
-- counter rows in the same order).
CREATE FUNCTION "attendance_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO session_attendance_counts AS c (session_id, club_id, present, late, absent, excused)
    SELECT session_id, min(club_id),
           coalesce(sum(n) FILTER (WHERE status = 'present'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'late'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'absent'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'excused'), 0)
      FROM (SELECT session_id, club_id, status, 1 AS n FROM new_marks) AS delta
     GROUP BY session_id ORDER BY session_id
    ON CONFLICT (session_id) DO UPDATE SET
      present = c.present + excluded.present, late = c.late + excluded.late,
      absent = c.absent + excluded.absent, excused = c.excused + excluded.excused;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO session_attendance_counts AS c (session_id, club_id, present, late, absent, excused)
    SELECT session_id, min(club_id),
           coalesce(sum(n) FILTER (WHERE status = 'present'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'late'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'absent'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'excused'), 0)
      FROM (SELECT session_id, club_id, status, -1 AS n FROM old_marks) AS delta
     GROUP BY session_id ORDER BY session_id
    ON CONFLICT (session_id) DO UPDATE SET
      present = c.present + excluded.present, late = c.late + excluded.late,
      absent = c.absent + excluded.absent, excused = c.excused + excluded.excused;
  ELSE
    INSERT INTO session_attendance_counts AS c (session_id, club_id, present, late, absent, excused)
    SELECT session_id, min(club_id),
           coalesce(sum(n) FILTER (WHERE status = 'present'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'late'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'absent'), 0),
           coalesce(sum(n) FILTER (WHERE status = 'excused'), 0)
      FROM (SELECT session_id, club_id, status, 1 AS n FROM new_marks UNION ALL SELECT session_id, club_id, status, -1 AS n FROM old_marks) AS delta
     GROUP BY session_id ORDER BY session_id
    ON CONFLICT (session_id) DO UPDATE SET
      present = c.present + excluded.present, late = c.late + excluded.late,
      absent = c.absent + excluded.absent, excused = c.excused + excluded.excused;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_counts_insert" AFTER INSERT ON "session_attendance" REFERENCING NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "attendance_counts_update" AFTER UPDATE ON "session_attendance" REFERENCING OLD TABLE AS old_marks NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "attendance_counts_delete" AFTER DELETE ON "session_attendance" REFERENCING OLD TABLE AS old_marks FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_apply"();--> statement-breakpoint
INSERT INTO "session_attendance_counts" (session_id, club_id, present, late, absent, excused)
SELECT session_id, min(club_id),
       count(*) FILTER (WHERE status = 'present'), count(*) FILTER (WHERE status = 'late'),
       count(*) FILTER (WHERE status = 'absent'), count(*) FILTER (WHERE status = 'excused')
  FROM session_attendance GROUP BY session_id;
