import { index, integer, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core';
import { roles } from './access';
import { clubs } from './clubs';
import { users } from './users';

/** A role a user holds in a club; one person may hold several roles in several clubs. */
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
  },
  (t) => [
    unique('club_memberships_user_club_role_unique').on(t.userId, t.clubId, t.roleId),
    index('club_memberships_club_idx').on(t.clubId),
  ],
);
