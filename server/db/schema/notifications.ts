import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { users } from './users';

/*
 * What the app tells a person (SPEC §3 Notification, issue #13): one row per recipient.
 * Generators are idempotent: one notification per user, type, subject and day (the
 * unique index), so a job that runs twice creates nothing twice. "Status" is read_at
 * (null = unread); archived ones leave the list; DELETE removes the row (a notification
 * is not money). The unread count reads the partial index, never a user's whole history.
 */

export const notificationTypes = [
  'event_reminder',
  'attendance_alert',
  'payment_due',
  'system_alert',
  'club_announcement',
  'training_update',
  'match_result',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationPriorities = ['urgent', 'high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

/** What a notification carries besides its text: the screen it opens, and its subject's ids. */
export interface NotificationData {
  action_url?: string;
  [key: string]: unknown;
}

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The club it is about; null for platform-wide ones (the super admin's alerts). */
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    priority: text('priority', { enum: notificationPriorities }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** What it is about, for idempotency: 'payment:123:offset:-3', 'announcement:7'. */
    subject: text('subject').notNull(),
    /** The day it was generated (the club's or UTC): one per user, type, subject and day. */
    day: date('day', { mode: 'string' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_once_a_day').on(t.userId, t.type, t.subject, t.day),
    index('notifications_user_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId, t.clubId)
      .where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
    check('notifications_type_valid', sql`${t.type} in (${inList(notificationTypes)})`),
    check(
      'notifications_priority_valid',
      sql`${t.priority} in (${inList(notificationPriorities)})`,
    ),
  ],
);

/** Which types a person also receives by e-mail (no row: the type's default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_type_valid', sql`${t.type} in (${inList(notificationTypes)})`),
  ],
);
