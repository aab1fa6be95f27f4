import { type SQL, type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { RoleName } from '../../../contract/roles.schema';
import { effectivePermissions } from '../../auth/club-permissions';
import type { ClubPermission } from '../../auth/require-club-permission';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubMemberships } from '../../db/schema/memberships';
import { categoryTrainers } from '../../db/schema/trainers';

/*
 * What part of a club a caller sees (DOMAIN.md "Trainer": a trainer sees only the players,
 * sessions and attendance of their own categories). The club guard has already said the
 * caller holds the permission in the club; this says whether they hold it only as a
 * trainer, in which case every query narrows to the categories they train. Players use it
 * now; sessions and attendance reuse it.
 */

/**
 * Roles that see only their own people in a club: a trainer their categories; a guardian
 * and a player (until the families issue links guardians to children) nobody.
 */
const NARROW_ROLES: readonly RoleName[] = ['Entrenador', 'Padre/Acudiente', 'Jugador'];

/** The whole club (undefined), or only the categories the trainer `trainerId` trains. */
export type CategoryScope = { trainerId: number } | undefined;

/**
 * The caller's scope for `permission` in `clubId`: the whole club for a super admin and
 * for anyone whose roles other than the narrow ones grant the permission (with its
 * module on); otherwise only the categories they train, which for a guardian or a player
 * who trains nothing is nobody (a guardian holds players.view by default: the families
 * issue widens this to their authorised children).
 */
export async function categoryScopeOf(
  db: Db,
  user: CurrentUser,
  clubId: number,
  permission: ClubPermission,
): Promise<CategoryScope> {
  if (user.isSuperAdmin) return undefined;
  const held = await db
    .select({ roleId: clubMemberships.roleId, name: roles.name })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(and(eq(clubMemberships.userId, user.id), eq(clubMemberships.clubId, clubId)));
  if (!held.some((role) => NARROW_ROLES.includes(role.name as RoleName))) return undefined;
  const others = held
    .filter((role) => !NARROW_ROLES.includes(role.name as RoleName))
    .map((role) => role.roleId);
  const [grant] = await effectivePermissions(db, clubId, others, { name: permission });
  if (grant && grant.moduleActive !== false) return undefined;
  return { trainerId: user.id };
}

/**
 * The condition a scoped query adds: `categoryColumn` is one of the trainer's categories
 * (a row without a category is outside). Undefined for the whole club.
 */
export function withinScope(scope: CategoryScope, categoryColumn: SQLWrapper): SQL | undefined {
  if (!scope) return undefined;
  return sql`${categoryColumn} in (select ${categoryTrainers.categoryId} from ${categoryTrainers} where ${categoryTrainers.userId} = ${scope.trainerId})`;
}
