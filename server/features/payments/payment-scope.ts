import type { FastifyRequest } from 'fastify';
import type { RoleName } from '../../../contract/roles.schema';
import { effectivePermissions, memberRoles } from '../../auth/club-permissions';
import { clubRolesOf } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';

/*
 * Whose payments a caller sees in a club (issue #12: families never see other families'
 * payments). The club guard has already said the caller holds payments.view there; this
 * says whether they hold it only through a family role, as player-scope.ts does for
 * trainers and players.view.
 */

/** Roles that see only their own family's payments. */
const NARROW_ROLES: readonly RoleName[] = ['Padre/Acudiente', 'Jugador'];

/**
 * The whole club (undefined); only the payments of `userId` (a player's own); or none
 * (`{ userId: null }`): a guardian sees nothing until the families issue links guardians
 * to their children, when this widens to the children they are authorised for.
 */
export type PaymentScope = { userId: number | null } | undefined;

/**
 * The caller's scope for payments.view in club `:id`: the whole club for a super admin
 * and for anyone whose roles other than the family ones grant it (owner, Contador, a
 * custom role); else a Jugador their own payments and a Padre/Acudiente none.
 */
export async function paymentScopeOf(db: Db, request: FastifyRequest): Promise<PaymentScope> {
  const user = currentUserOf(request);
  if (user.isSuperAdmin) return undefined;
  const clubId = (request.params as { id: number }).id;
  // The guard has read them for this request; a route without the guard reads them here.
  const held = clubRolesOf(request) ?? (await memberRoles(db, user.id, clubId));
  const isNarrow = (role: { name: string }) => NARROW_ROLES.includes(role.name as RoleName);
  if (!held.some(isNarrow)) return undefined;
  const others = held.filter((role) => !isNarrow(role)).map((role) => role.id);
  if (others.length > 0) {
    const [grant] = await effectivePermissions(db, clubId, others, { name: 'payments.view' });
    if (grant && grant.moduleActive !== false) return undefined;
  }
  const isPlayer = held.some((role) => role.name === 'Jugador');
  return { userId: isPlayer ? user.id : null };
}
