import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { users } from './users';

/*
 * What an owner announced to the club, or the super admin to everyone or one club (issue
 * #13): the message once, as written, with its audience and how many people it reached.
 * Each recipient's copy is a `notifications` row (subject 'announcement:<id>'); this row is
 * the history the sender reads and the audit of who said what to whom.
 */

export const announcementKinds = ['club_announcement', 'system_alert'] as const;
export type AnnouncementKind = (typeof announcementKinds)[number];

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    /** The club it went to; null for a system alert to every club. */
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: announcementKinds }).notNull(),
    priority: text('priority', { enum: ['urgent', 'high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The roles it went to (role names of the club); empty: every member. */
    audienceRoles: text('audience_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The categories whose players (and trainers) it went to; empty: no restriction. */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The screen to open ('/home/calendar'); null when there is none. */
    actionUrl: text('action_url'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** How many people received it. */
    recipients: integer('recipients').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_club_created_idx').on(t.clubId, t.createdAt.desc()),
    check('announcements_kind_valid', sql`${t.kind} in ('club_announcement', 'system_alert')`),
    check(
      'announcements_club_when_club_kind',
      sql`${t.kind} <> 'club_announcement' or ${t.clubId} is not null`,
    ),
  ],
);
