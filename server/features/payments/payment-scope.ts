import { sql } from 'drizzle-orm';
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
 * trainers and players.view. A family's scope is one SQL condition (money-figures.ts
 * `scopeSql`): the player's own rows and a subquery of the guardian's authorised children.
 */

/** Roles that see only their own family's payments. */
const NARROW_ROLES: readonly RoleName[] = ['Padre/Acudiente', 'Jugador'];

/**
 * The whole club (undefined), or a family's payments: those of `userId` (a player's own;
 * null for none) and, with `guardianId`, those of the children that guardian is
 * authorised for in the club (guardian_links, authorised-links.ts; pending or denied
 * links reach nothing). `{ userId: null }` alone is nothing at all.
 */
export type PaymentScope = { userId: number | null; guardianId?: number } | undefined;

/** The kinds of scope, one prepared statement each: own payments, children's, or both. */
export type PaymentScopeKind = 'club' | 'none' | 'player' | 'children' | 'family';

/** Which kind `scope` is. */
export function paymentScopeKind(scope: PaymentScope): PaymentScopeKind {
  if (scope === undefined) return 'club';
  const own = scope.userId !== null;
  if (scope.guardianId === undefined) return own ? 'player' : 'none';
  return own ? 'family' : 'children';
}

/**
 * A scope of `kind` whose people are placeholders (`scopeUserId`, `scopeGuardianId`), for
 * a prepared statement; execute it with `scopeValues`.
 */
export function scopePlaceholders(kind: PaymentScopeKind) {
  if (kind === 'club') return undefined;
  const userId = kind === 'player' || kind === 'family' ? sql.placeholder('scopeUserId') : null;
  const guardianId =
    kind === 'children' || kind === 'family' ? sql.placeholder('scopeGuardianId') : undefined;
  return { userId, guardianId };
}

/** The values of `scopePlaceholders`. */
export const scopeValues = (scope: PaymentScope) => ({
  scopeUserId: scope?.userId ?? undefined,
  scopeGuardianId: scope?.guardianId,
});

/**
 * The caller's scope for payments.view in club `:id`: the whole club for a super admin
 * and for anyone whose roles other than the family ones grant it (owner, Contador, a
 * custom role); else a Jugador their own payments, a Padre/Acudiente those of their
 * authorised children, and a person holding both roles both.
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
  const isGuardian = held.some((role) => role.name === 'Padre/Acudiente');
  return { userId: isPlayer ? user.id : null, ...(isGuardian ? { guardianId: user.id } : {}) };
}
