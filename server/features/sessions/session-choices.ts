import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionChoices } from '../../../contract/session-choices.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubMemberships } from '../../db/schema/memberships';
import { trainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import { byName } from '../../lib/list-query';
import { clubTimeZone } from './session-checks';
import type { SessionAccess } from './session-scope';

/*
 * The calendar's choices for any caller (issue #14): the categories its filter and its
 * form offer, and the trainers the form may assign. They follow the caller's
 * SessionAccess, so a trainer, a player or a parent — who cannot list the club's
 * categories or trainers — gets the part of the club they see, and the form offers only
 * what the writes would accept (session-checks.ts `checkCategory`, `checkTrainer`).
 */

const fullName = sql<string>`${users.name} || ' ' || ${users.lastname}`;

/** The active categories of club `clubId` the caller sees, by name, each with `can_manage`. */
function visibleCategories(db: Db, clubId: number, access: SessionAccess) {
  const manageable = access.manageable(categories.id);
  return db
    .select({
      id: categories.id,
      name: categories.name,
      can_manage: manageable ? sql<boolean>`coalesce(${manageable}, false)` : sql<boolean>`true`,
    })
    .from(categories)
    .where(
      and(
        eq(categories.clubId, clubId),
        eq(categories.status, 'active'),
        access.visible(categories.id),
      ),
    )
    .orderBy(byName(categories.name), asc(categories.id));
}

/** Club `clubId`'s active trainers (Entrenador role; no trainers row yet counts as active). */
function activeTrainers(db: Db, clubId: number) {
  return db
    .select({ id: users.id, name: fullName })
    .from(clubMemberships)
    .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Entrenador')))
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .leftJoin(
      trainers,
      and(eq(trainers.clubId, clubId), eq(trainers.userId, clubMemberships.userId)),
    )
    .where(
      and(
        eq(clubMemberships.clubId, clubId),
        sql`coalesce(${trainers.status}, 'active') = 'active'`,
      ),
    )
    .orderBy(byName(fullName), asc(users.id));
}

/**
 * What the calendar offers the caller in club `clubId`: the categories they see (and
 * which of them they manage), whether they manage club-wide sessions, and the club's
 * active trainers when they manage anything at all (else none: they write nothing), and
 * the club's timezone, in which the calendar shows and takes wall-clock times.
 */
export async function sessionChoices(
  db: Db,
  clubId: number,
  access: SessionAccess,
): Promise<SessionChoices> {
  const rows = await visibleCategories(db, clubId, access);
  const categoryChoices = rows.map((row) => ({ ...row, can_manage: Boolean(row.can_manage) }));
  const managesSomething =
    access.managesClubWide || categoryChoices.some((category) => category.can_manage);
  return {
    categories: categoryChoices,
    can_manage_club_wide: access.managesClubWide,
    trainers: managesSomething ? await activeTrainers(db, clubId) : [],
    timezone: await clubTimeZone(db, clubId),
  };
}
