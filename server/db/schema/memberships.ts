import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { roles } from './access';
import { clubs } from './clubs';
import { users } from './users';

/**
 * A role a user holds in a club; one person may hold several roles in several clubs.
 * `sort_lastname` / `sort_name` copy the person's names (database triggers of migration
 * 0007 keep them in step with `users`) so that a club's members of one role can be read
 * already in name order from an index: a page of a big club stops after its rows instead
 * of sorting every member. Read names from `users`; these are for ORDER BY only.
 */
export const clubMemberships = pgTable(
  'club_memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sortLastname: text('sort_lastname').notNull().default(''),
    sortName: text('sort_name').notNull().default(''),
  },
  (t) => [
    unique('club_memberships_user_club_role_unique').on(t.userId, t.clubId, t.roleId),
    index('club_memberships_club_idx').on(t.clubId),
    // A club's players (or trainers…) by name: the order of lists/byName, then the id.
    index('club_memberships_club_role_name_idx').on(
      t.clubId,
      t.roleId,
      sql`${t.sortLastname} collate "und-x-icu"`,
      sql`${t.sortName} collate "und-x-icu"`,
      t.userId,
    ),
  ],
);

/**
 * How many members hold each role in each club, kept by a trigger on club_memberships
 * (migration 0009) in the transaction that adds, removes or changes a membership: the
 * total of an unfiltered list (10,000 players) without counting them on every page.
 */
export const clubRoleCounts = pgTable(
  'club_role_counts',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.roleId] })],
);
