import { type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { modules, permissions, roles } from '../db/schema/access';
import { clubs } from '../db/schema/clubs';
import { clubMemberships } from '../db/schema/memberships';
import { users } from '../db/schema/users';
import { grantCondition, parseId } from './club-permissions';
import { type SessionLoader, type SessionRow, tokenRevoked } from './require-user';

/*
 * One round trip for everything a club-scoped route checks before its handler runs: the
 * caller's user row and the token's deny-list (requireUser), their roles in club `:id`
 * and what those roles grant for the route's permission (the club guard). The rules are
 * the ones of `effectivePermissions` (server/auth/club-permissions.ts), over the roles
 * the caller holds in the club instead of a list of role ids.
 */

/** What the club guard needs to know about the caller in the club of the URL. */
export interface ClubAccess {
  /** The roles the caller holds in the club (none: not a member). */
  roles: { id: number; name: string }[];
  /** Null: the roles do not grant the permission; false: they do, but its module is off. */
  grantActive: boolean | null;
  /** The super admin's reason while the club is suspended (issue #17); null otherwise. */
  suspendedReason: string | null;
}

const loadedAccess = new WeakMap<FastifyRequest, ClubAccess>();

/** What the club session loader read for this request (undefined when it did not run). */
export const clubAccessOf = (request: FastifyRequest) => loadedAccess.get(request);

/** The club id of the URL, or 0 (no club has it) when `:id` cannot be one. */
const clubIdOf = (request: FastifyRequest): number =>
  parseId((request.params as Record<string, string | undefined>).id) ?? 0;

/** The suspension reason of club `clubId` while suspended ('' without one), else null. */
export const suspendedReasonOf = (clubId: SQLWrapper) =>
  sql<string | null>`(select coalesce(${clubs.suspensionReason}, '') from ${clubs}
    where ${clubs.id} = ${clubId} and ${clubs.suspendedAt} is not null)`;

/**
 * A session loader per permission for the club routes (`clubRoute`): the statement is
 * prepared once, so PostgreSQL plans it once per connection.
 */
export function createClubSessionLoader(db: Db): (permission: string) => SessionLoader {
  const userId = sql.placeholder('userId');
  const clubId = sql.placeholder('clubId');
  const heldRoleIds = db
    .select({ id: clubMemberships.roleId })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.userId, userId), eq(clubMemberships.clubId, clubId)));
  const heldRoles = sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
    from ${roles} where ${roles.id} in ${heldRoleIds}), '[]'::json)`;
  const grant = db
    .select({ active: sql`coalesce(${modules.isActive}, true)` })
    .from(permissions)
    .leftJoin(modules, eq(modules.id, permissions.moduleId))
    .where(
      grantCondition(db, {
        roleIn: (roleColumn) => sql`${roleColumn} in ${heldRoleIds}`,
        clubId,
        name: sql.placeholder('permission'),
      }),
    )
    .limit(1);
  const statement = db
    .select({
      suspendedReason: suspendedReasonOf(clubId),
      id: users.id,
      isSuperAdmin: users.isSuperAdmin,
      tokenVersion: users.tokenVersion,
      status: users.status,
      revoked: tokenRevoked(sql.placeholder('jti')),
      roles: heldRoles,
      grantActive: sql<boolean | null>`(${grant})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('club_session');

  return (permission) => ({
    checksRevocation: true,
    async load(request, id, jti) {
      const [row] = await statement.execute({
        userId: id,
        jti,
        clubId: clubIdOf(request),
        permission,
      });
      if (!row) return undefined;
      const { revoked, roles: held, grantActive, suspendedReason, ...user } = row;
      loadedAccess.set(request, { roles: held, grantActive, suspendedReason });
      return { user: user satisfies SessionRow, revoked };
    },
  });
}
