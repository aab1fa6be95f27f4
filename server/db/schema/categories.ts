import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';

export const categoryGenders = ['male', 'female', 'mixed'] as const;
export const categoryStatuses = ['active', 'inactive'] as const;

/**
 * A club's category (DOMAIN.md, "Club and its set-up"): the players born in
 * `birth_year_from`..`birth_year_to` (null end = open) of a gender ('mixed' fits all).
 * A name is once per club, ignoring case.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    name: text('name').notNull(),
    sport: text('sport'),
    gender: text('gender', { enum: categoryGenders }).notNull(),
    birthYearFrom: integer('birth_year_from').notNull(),
    birthYearTo: integer('birth_year_to'),
    status: text('status', { enum: categoryStatuses }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Leads with club_id, so it also serves "the categories of a club".
    uniqueIndex('categories_club_name_unique').on(t.clubId, sql`lower(${t.name})`),
    check('categories_gender_valid', sql`${t.gender} in ('male', 'female', 'mixed')`),
    check('categories_status_valid', sql`${t.status} in ('active', 'inactive')`),
    check(
      'categories_birth_years_valid',
      sql`${t.birthYearTo} is null or ${t.birthYearFrom} <= ${t.birthYearTo}`,
    ),
  ],
);
