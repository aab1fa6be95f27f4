import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AccountClub } from '../../../contract/account.schema';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';

/** How many owners each of `clubIds` has. */
export async function ownerCounts(db: Db, clubIds: number[]): Promise<Map<number, number>> {
  if (clubIds.length === 0) return new Map();
  const rows = await db
    .select({ clubId: clubMemberships.clubId, n: count() })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(and(inArray(clubMemberships.clubId, clubIds), eq(roles.name, CLUB_OWNER_ROLE)))
    .groupBy(clubMemberships.clubId);
  return new Map(rows.map((row) => [row.clubId, row.n]));
}

/**
 * The active (not archived) clubs the person belongs to, by name, with their roles there
 * and whether they are its only owner.
 */
export async function accountClubs(db: Db, userId: number): Promise<AccountClub[]> {
  const rows = await db
    .select({ id: clubs.id, name: clubs.name, role: roles.name })
    .from(clubMemberships)
    .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(and(eq(clubMemberships.userId, userId), eq(clubs.status, 'active')))
    .orderBy(asc(clubs.name), asc(clubs.id), asc(roles.priority));
  const byClub = new Map<number, AccountClub>();
  for (const row of rows) {
    const club = byClub.get(row.id) ?? { id: row.id, name: row.name, roles: [], only_owner: false };
    club.roles.push(row.role);
    byClub.set(row.id, club);
  }
  const owned = [...byClub.values()].filter((club) => club.roles.includes(CLUB_OWNER_ROLE));
  const owners = await ownerCounts(
    db,
    owned.map((club) => club.id),
  );
  for (const club of owned) club.only_owner = (owners.get(club.id) ?? 0) <= 1;
  return [...byClub.values()];
}
