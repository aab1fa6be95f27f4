import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { clubs } from './clubs';
import { users } from './users';

/*
 * The calendar (DOMAIN.md "Calendar", issue #14): a club's trainings, matches, meetings,
 * tournaments and events. A recurring series is a rule (`session_series`: ISO weekdays
 * 1–7, a wall-clock time in the club's timezone, until a date or a count) that the server
 * expands with rrule into its occurrences when the series is written: every occurrence is
 * a `sessions` row, so attendance, call-ups, reminders and one-off edits have a subject.
 * A series always ends (until or count), so its rows are finite.
 */

export const sessionTypes = ['training', 'match', 'meeting', 'tournament', 'event'] as const;
export const sessionStatuses = ['scheduled', 'cancelled', 'done'] as const;
export const homeAway = ['home', 'away'] as const;

const sessionTypeCheck = (column: unknown) =>
  sql`${column} in ('training', 'match', 'meeting', 'tournament', 'event')`;

/** A weekly rule; its occurrences are `sessions` rows with its id. */
export const sessionSeries = pgTable(
  'session_series',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    /** The category it is for; null = the whole club. */
    categoryId: integer('category_id').references(() => categories.id),
    type: text('type', { enum: sessionTypes }).notNull(),
    title: text('title').notNull(),
    location: text('location'),
    trainerUserId: integer('trainer_user_id').references(() => users.id),
    notes: text('notes'),
    /** ISO weekdays, 1 = Monday … 7 = Sunday (DOMAIN.md trap 14). */
    weekdays: smallint('weekdays').array().notNull(),
    /** The first day the rule may produce (the club's calendar). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day it may produce, or null when `count` ends it. */
    untilDate: date('until_date', { mode: 'string' }),
    occurrenceCount: integer('occurrence_count'),
    /** Wall-clock start 'HH:MM' in `timezone`, and the length. */
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The club's timezone when the rule was written: its wall-clock times are there. */
    timezone: text('timezone').notNull(),
    /** The RRULE text (RFC 5545) the occurrences were expanded from. */
    rrule: text('rrule').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('session_series_club_idx').on(t.clubId),
    check('session_series_type_valid', sessionTypeCheck(t.type)),
    check(
      'session_series_ends',
      sql`${t.untilDate} is not null or ${t.occurrenceCount} is not null`,
    ),
    check(
      'session_series_weekdays',
      sql`${t.weekdays} <@ array[1,2,3,4,5,6,7]::smallint[] and cardinality(${t.weekdays}) > 0`,
    ),
    check('session_series_duration', sql`${t.durationMinutes} > 0`),
  ],
);

/** One session or event: a single one, or an occurrence of a series. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    seriesId: integer('series_id').references(() => sessionSeries.id),
    /** For an occurrence: the day the rule produced it (its identity in the series). */
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    categoryId: integer('category_id').references(() => categories.id),
    type: text('type', { enum: sessionTypes }).notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location'),
    trainerUserId: integer('trainer_user_id').references(() => users.id),
    notes: text('notes'),
    status: text('status', { enum: sessionStatuses }).notNull().default('scheduled'),
    cancelReason: text('cancel_reason'),
    // A match's (or tournament's) facts and result.
    opponent: text('opponent'),
    homeAway: text('home_away', { enum: homeAway }),
    competition: text('competition'),
    scoreOurs: smallint('score_ours'),
    scoreTheirs: smallint('score_theirs'),
    /** The roll call: each save bumps the version (offline sync detects a conflict). */
    attendanceVersion: integer('attendance_version').notNull().default(0),
    attendanceClosedAt: timestamp('attendance_closed_at', { withTimezone: true }),
    attendanceClosedBy: integer('attendance_closed_by').references(() => users.id),
    /** When the 24-hours-before reminder went out (set in its transaction). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_club_starts_idx').on(t.clubId, t.startsAt),
    index('sessions_club_category_starts_idx').on(t.clubId, t.categoryId, t.startsAt),
    uniqueIndex('sessions_series_occurrence_unique').on(t.seriesId, t.occurrenceDate),
    index('sessions_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.reminderSentAt} is null and ${t.status} = 'scheduled'`),
    check('sessions_type_valid', sessionTypeCheck(t.type)),
    check('sessions_status_valid', sql`${t.status} in ('scheduled', 'cancelled', 'done')`),
    check(
      'sessions_home_away_valid',
      sql`${t.homeAway} is null or ${t.homeAway} in ('home', 'away')`,
    ),
    check('sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'sessions_scores_valid',
      sql`coalesce(${t.scoreOurs}, 0) >= 0 and coalesce(${t.scoreTheirs}, 0) >= 0`,
    ),
  ],
);

export const attendanceStatuses = ['present', 'absent', 'late', 'excused'] as const;

/** A player's attendance at a session, once per session and player (saved as a whole list). */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    playerUserId: integer('player_user_id')
      .notNull()
      .references(() => users.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    status: text('status', { enum: attendanceStatuses }).notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_attendance_unique').on(t.sessionId, t.playerUserId),
    index('session_attendance_player_idx').on(t.clubId, t.playerUserId),
    check(
      'session_attendance_status_valid',
      sql`${t.status} in ('present', 'absent', 'late', 'excused')`,
    ),
  ],
);

export const callUpAnswers = ['pending', 'yes', 'no', 'maybe'] as const;

/** A player called up for a match or event, and their (or their guardian's) answer. */
export const sessionCallUps = pgTable(
  'session_call_ups',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    playerUserId: integer('player_user_id')
      .notNull()
      .references(() => users.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    answer: text('answer', { enum: callUpAnswers }).notNull().default('pending'),
    reason: text('reason'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    calledBy: integer('called_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_call_ups_unique').on(t.sessionId, t.playerUserId),
    index('session_call_ups_player_idx').on(t.clubId, t.playerUserId),
    check('session_call_ups_answer_valid', sql`${t.answer} in ('pending', 'yes', 'no', 'maybe')`),
  ],
);

export const calendarFeedKinds = ['category', 'person'] as const;

/**
 * A secret, revocable ICS feed URL: a category's sessions, or a person's own (their
 * categories, their children's, the club-wide ones). Only the token's SHA-256 is kept.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    kind: text('kind', { enum: calendarFeedKinds }).notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    /** Who made it; for a person's feed, whose sessions it shows. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash),
    index('calendar_feeds_user_idx').on(t.clubId, t.userId),
    check('calendar_feeds_kind_valid', sql`${t.kind} in ('category', 'person')`),
    check(
      'calendar_feeds_category_matches_kind',
      sql`(${t.kind} = 'category') = (${t.categoryId} is not null)`,
    ),
  ],
);
