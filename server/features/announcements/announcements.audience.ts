import { type SQL, and, eq, inArray, ne, sql } from 'drizzle-orm';
import { announcements } from '../../db/schema/announcements';
import {
  type AnnouncementRole,
  announcementMessages,
  announcementRoleNames,
} from '../../../contract/announcements.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { categoryTrainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/app-error';

/*
 * Who an announcement or an alert reaches (issue #13 item 2). Only active accounts, never
 * the sender. A club's audience is its members holding one of the chosen roles (all of
 * them when none is chosen) who, when categories are chosen, belong to one of them: a
 * current, active player of the category, an authorised guardian of such a player
 * (guardian_links; a pending or denied link reaches nobody), or a trainer of the category.
 */

export interface ClubAudience {
  clubId: number;
  senderId: number;
  roles: readonly AnnouncementRole[];
  categoryIds: readonly number[];
}

/** The people linked to categories `categoryIds` of club `clubId`, as a subquery of user ids. */
function categoryPeople(clubId: number, categoryIds: readonly number[]): SQL {
  const ids = sql.join(
    categoryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const ofCategories = sql`${players.clubId} = ${clubId} and ${players.categoryId} in (${ids}) and ${players.inClub} and ${players.status} = 'active'`;
  return sql`(
    select ${players.userId} from ${players} where ${ofCategories}
    union
    select ${guardianLinks.guardianId} from ${players} join ${guardianLinks} on ${guardianLinks.clubId} = ${players.clubId} and ${guardianLinks.playerId} = ${players.userId} and ${guardianLinks.status} = 'authorized' where ${ofCategories}
    union
    select ${categoryTrainers.userId} from ${categoryTrainers} where ${categoryTrainers.categoryId} in (${ids})
  )`;
}

/** Refuses (422 on category_ids) a category that is not club `clubId`'s. */
async function checkCategories(db: Db, clubId: number, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return;
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.clubId, clubId), inArray(categories.id, [...categoryIds])));
  if (found.length !== new Set(categoryIds).size) {
    throw fieldError('category_ids', announcementMessages.unknownCategory);
  }
}

/** The user ids a club announcement reaches; 422 on the field at fault when nobody. */
export async function clubAudience(db: Db, audience: ClubAudience): Promise<number[]> {
  const { clubId, senderId, categoryIds } = audience;
  await checkCategories(db, clubId, categoryIds);
  const roleNames = [...new Set(audience.roles)].map((role) => announcementRoleNames[role]);
  const rows = await db
    .selectDistinct({ id: clubMemberships.userId })
    .from(clubMemberships)
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(
      and(
        eq(clubMemberships.clubId, clubId),
        eq(users.status, 'active'),
        ne(users.id, senderId),
        roleNames.length > 0 ? inArray(roles.name, roleNames) : undefined,
        categoryIds.length > 0
          ? sql`${clubMemberships.userId} in ${categoryPeople(clubId, categoryIds)}`
          : undefined,
      ),
    )
    .orderBy(clubMemberships.userId);
  if (rows.length === 0) throw fieldError('roles', announcementMessages.nobody);
  return rows.map((row) => row.id);
}

/**
 * The user ids a system alert reaches: the active members of club `clubId` (404 on
 * club_id when there is no such club), or every active user when it is null.
 */
export async function alertAudience(
  db: Db,
  clubId: number | null,
  senderId: number,
): Promise<number[]> {
  const active = and(eq(users.status, 'active'), ne(users.id, senderId));
  let rows: { id: number }[];
  if (clubId === null) {
    rows = await db.select({ id: users.id }).from(users).where(active).orderBy(users.id);
  } else {
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) {
      throw new AppError(404, announcementMessages.clubNotFound, {
        errors: [{ path: 'club_id', message: announcementMessages.clubNotFound }],
      });
    }
    rows = await db
      .selectDistinct({ id: clubMemberships.userId })
      .from(clubMemberships)
      .innerJoin(users, eq(users.id, clubMemberships.userId))
      .where(and(eq(clubMemberships.clubId, clubId), active))
      .orderBy(clubMemberships.userId);
  }
  if (rows.length === 0) throw fieldError('club_id', announcementMessages.nobodyAlert);
  return rows.map((row) => row.id);
}

/** Who reads a club's announcement history only as its recipient: a narrow member. */
export interface AnnouncementReader {
  userId: number;
  /** Their roles in the club, as announcements name them ('trainer', 'player', 'parent'…). */
  roles: readonly AnnouncementRole[];
}

/** The audience roles of `roleNames` (club role names), as announcements store them. */
export const announcementRolesOf = (roleNames: readonly string[]): AnnouncementRole[] =>
  (Object.keys(announcementRoleNames) as AnnouncementRole[]).filter((role) =>
    roleNames.includes(announcementRoleNames[role]),
  );

/**
 * The announcements of club `clubId` that reached `reader` by the rules of `clubAudience`
 * (issue #33 item 3): sent to every role or to one of theirs, and to no category or to
 * one of theirs (one they train, their own as a current active player, or an authorised
 * child's). A condition on `announcements`; a trainer-only one never shows to a family.
 */
export function addressedTo(clubId: number, reader: AnnouncementReader): SQL {
  const roleList = reader.roles.length
    ? sql`array[${sql.join(
        reader.roles.map((role) => sql`${role}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
  const current = sql`${players.clubId} = ${clubId} and ${players.inClub} and ${players.status} = 'active'`;
  const theirCategories = sql`(
    select ${players.categoryId} from ${players} where ${current} and ${players.userId} = ${reader.userId}
    union
    select ${players.categoryId} from ${players} join ${guardianLinks} on ${guardianLinks.clubId} = ${players.clubId} and ${guardianLinks.playerId} = ${players.userId} and ${guardianLinks.status} = 'authorized' where ${current} and ${guardianLinks.guardianId} = ${reader.userId}
    union
    select ${categoryTrainers.categoryId} from ${categoryTrainers} join ${categories} on ${categories.id} = ${categoryTrainers.categoryId} where ${categories.clubId} = ${clubId} and ${categoryTrainers.userId} = ${reader.userId}
  )`;
  return sql`(cardinality(${announcements.audienceRoles}) = 0 or ${announcements.audienceRoles} && ${roleList})
    and (cardinality(${announcements.categoryIds}) = 0 or exists (select 1 from unnest(${announcements.categoryIds}) as chosen(id) where chosen.id in ${theirCategories}))`;
}
