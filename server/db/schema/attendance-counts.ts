import { integer, pgTable } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';

/**
 * How many marks of each status a session holds: kept by statement-level triggers on
 * `session_attendance` (migration 0026, as payment_counts is on payments), in the writing
 * transaction. The club-wide attendance figures (per category and per month, issue #16's
 * dashboards) add up these rows, one per session, instead of the club's hundreds of
 * thousands of marks (bench/HISTORY.md "Dashboards"). A session whose marks were all
 * removed keeps a row of zeros. Derived data: tests/api/attendance-counts.test.ts checks it
 * against a recount.
 */
export const attendanceCounts = pgTable('session_attendance_counts', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  clubId: integer('club_id').notNull(),
  present: integer('present').notNull(),
  late: integer('late').notNull(),
  absent: integer('absent').notNull(),
  excused: integer('excused').notNull(),
});
