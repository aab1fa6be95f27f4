import { type SQL, type SQLWrapper, or, sql } from 'drizzle-orm';
import type { RoleName } from '../../../contract/roles.schema';
import type { FastifyRequest } from 'fastify';
import { effectivePermissions, memberRoles } from '../../auth/club-permissions';
import { type ClubPermission, clubRolesOf } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { categoryTrainers, trainers } from '../../db/schema/trainers';
import { authorisedChildren } from '../parents/authorised-links';

/*
 * What part of a club a caller sees (DOMAIN.md "Trainer": a trainer sees only the players,
 * sessions and attendance of their own categories; "Parent–child links": a guardian only
 * their authorised children). The club guard has already said the caller holds the
 * permission in the club; this says whether they hold it only through a narrow role, in
 * which case every query narrows to the categories they train and, for reading, to
 * themself (a player) and the children they are authorised for (a guardian). Players use
 * it; sessions and attendance reuse it.
 */

/** Roles that see only their own people in a club. */
const NARROW_ROLES: readonly RoleName[] = ['Entrenador', 'Padre/Acudiente', 'Jugador'];

/**
 * The whole club (undefined), or the categories the trainer `trainerId` trains plus, when
 * reading, the player `selfId` and the authorised children of the guardian `guardianId`.
 */
export type CategoryScope = { trainerId: number; selfId?: number; guardianId?: number } | undefined;

/**
 * The caller's scope for `permission` in `clubId`: the whole club for a super admin and
 * for anyone whose roles other than the narrow ones grant the permission (with its
 * module on); otherwise the categories they train and, for a `.view` permission, a
 * Jugador themself and a Padre/Acudiente the children whose link is authorised (pending
 * or denied: nobody). Writes stay the trainer's: a family never edits through this.
 */
export async function categoryScopeOf(
  db: Db,
  request: FastifyRequest,
  permission: ClubPermission,
): Promise<CategoryScope> {
  const user = currentUserOf(request);
  if (user.isSuperAdmin) return undefined;
  const clubId = (request.params as { id: number }).id;
  // The guard has read them for this request; a route without the guard reads them here.
  const held = clubRolesOf(request) ?? (await memberRoles(db, user.id, clubId));
  return categoryScopeFor(db, { clubId, userId: user.id, held }, permission);
}

/**
 * `categoryScopeOf` without a request (the ICS feed reads a person's scope by token):
 * `userId`, not a super admin, holding the roles `held` in `clubId`.
 */
export async function categoryScopeFor(
  db: Db,
  {
    clubId,
    userId,
    held,
  }: { clubId: number; userId: number; held: { id: number; name: string }[] },
  permission: ClubPermission,
): Promise<CategoryScope> {
  const isNarrow = (role: { name: string }) => NARROW_ROLES.includes(role.name as RoleName);
  if (!held.some(isNarrow)) return undefined;
  const others = held.filter((role) => !isNarrow(role)).map((role) => role.id);
  if (others.length > 0) {
    const [grant] = await effectivePermissions(db, clubId, others, { name: permission });
    if (grant && grant.moduleActive !== false) return undefined;
  }
  const reads = permission.endsWith('.view');
  const holds = (name: RoleName) => reads && held.some((role) => role.name === name);
  return {
    trainerId: userId,
    ...(holds('Jugador') ? { selfId: userId } : {}),
    ...(holds('Padre/Acudiente') ? { guardianId: userId } : {}),
  };
}

/**
 * The condition a scoped query adds: `categoryColumn` is one of the trainer's categories
 * (a row without a category is outside) while the club has not made them inactive (an
 * inactive trainer keeps their assignments and sees nobody until reactivated). Undefined
 * for the whole club.
 */
export function withinScope(
  scope: { trainerId: number | SQLWrapper } | undefined,
  categoryColumn: SQLWrapper,
): SQL | undefined {
  if (!scope) return undefined;
  const inactive = sql`select 1 from ${trainers} join ${categories} on ${categories.clubId} = ${trainers.clubId} where ${categories.id} = ${categoryTrainers.categoryId} and ${trainers.userId} = ${categoryTrainers.userId} and ${trainers.status} = 'inactive'`;
  return sql`${categoryColumn} in (select ${categoryTrainers.categoryId} from ${categoryTrainers} where ${categoryTrainers.userId} = ${scope.trainerId} and not exists (${inactive}))`;
}

/** A scope whose people may be placeholders (a prepared statement's). */
type ScopeOf =
  | {
      trainerId: number | SQLWrapper;
      selfId?: number | SQLWrapper | undefined;
      guardianId?: number | SQLWrapper | undefined;
    }
  | undefined;

/**
 * The condition a scoped players query adds over the player's user id and category in
 * club `clubId`: one of the trainer's categories (`withinScope`), the caller themself, or
 * one of the guardian's authorised children. Undefined for the whole club.
 */
export function withinPlayerScope(
  scope: ScopeOf,
  clubId: number | SQLWrapper,
  playerColumn: SQLWrapper,
  categoryColumn: SQLWrapper,
): SQL | undefined {
  if (!scope) return undefined;
  return or(
    withinScope(scope, categoryColumn),
    scope.selfId === undefined ? undefined : sql`${playerColumn} = ${scope.selfId}`,
    scope.guardianId === undefined
      ? undefined
      : sql`${playerColumn} in (${authorisedChildren(clubId, scope.guardianId)})`,
  );
}
