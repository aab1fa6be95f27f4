import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A club or team (spec: `pla_club_teams`). Later issues add its settings and billing columns. */
export const clubs = pgTable('pla_club_teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
