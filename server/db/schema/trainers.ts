import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { clubs } from './clubs';
import { users } from './users';

export const trainerStatuses = ['active', 'inactive'] as const;

/**
 * The club's record of a trainer: their status. Who is a trainer is the Entrenador
 * membership (so an invited trainer counts at once); this row is written when the club
 * adds, edits or toggles one, and kept when they leave (history).
 */
export const trainers = pgTable(
  'trainers',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: trainerStatuses }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    // Whether a person trains in another club (identityEditableSql), per row of a list:
    // without it, every players page read all the other clubs' trainers (bench/HISTORY.md).
    index('trainers_user_idx').on(t.userId),
    check('trainers_status_valid', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** A trainer's categories (a category may have several trainers). */
export const categoryTrainers = pgTable(
  'category_trainers',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.userId] }),
    index('category_trainers_user_idx').on(t.userId),
  ],
);
