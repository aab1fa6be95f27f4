import type {
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { eq } from 'drizzle-orm';
import { adminClubMessages } from '../../contract/admin-clubs.schema';
import { clubMessages } from '../../contract/clubs.schema';
import type { ModuleAction, ModuleSlug, SETTINGS_MANAGE } from '../../contract/users.schema';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import { AppError } from '../lib/app-error';
import { effectivePermissions, memberRoles, parseId } from './club-permissions';
import { type ClubAccess, type ClubRead, clubAccessOf } from './club-session';
import { type CurrentUser, type SessionLoader, currentUserOf } from './require-user';

/**
 * The permission a club-scoped route requires: a module permission ('players.view'), or
 * settings.manage for the club's administration (its people, roles and invitations).
 */
export type ClubPermission = `${ModuleSlug}.${ModuleAction}` | typeof SETTINGS_MANAGE;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a `/api/pla_club_teams/:id…` route requires (set by `clubRoute`). */
    clubPermission?: ClubPermission;
  }
}

/** Every path under this prefix is scoped to the club `:id` and must be marked. */
export const CLUB_SCOPED_PREFIX = '/api/pla_club_teams/:id';

/** True for `/api/pla_club_teams/:id` and anything below it. */
export function isClubScopedUrl(url: string): boolean {
  return (
    url === CLUB_SCOPED_PREFIX ||
    url.startsWith(`${CLUB_SCOPED_PREFIX}/`) ||
    url.startsWith(`${CLUB_SCOPED_PREFIX}?`)
  );
}

/** `:id` as a club id, or undefined when it cannot be one. */
function clubIdOf(request: FastifyRequest): number | undefined {
  return parseId((request.params as Record<string, string | undefined>).id);
}

/** The caller's roles in the club of the URL, as the guard read them (not for a super admin). */
const guardedRoles = new WeakMap<FastifyRequest, { id: number; name: string }[]>();

/**
 * The roles the club guard found for this request's caller in club `:id`, so a route that
 * narrows by role (a trainer's categories) does not read them again; undefined when the
 * guard did not look them up (a super admin).
 */
export const clubRolesOf = (request: FastifyRequest) => guardedRoles.get(request);

/** The caller's roles in the club and what they grant for `permission`, in two queries. */
async function readAccess(
  db: Db,
  userId: number,
  clubId: number,
  permission: ClubPermission,
): Promise<ClubAccess> {
  const roles = await memberRoles(db, userId, clubId);
  if (roles.length === 0) return { roles, grantActive: null, suspendedReason: null };
  const ids = roles.map((role) => role.id);
  const [grant] = await effectivePermissions(db, clubId, ids, { name: permission });
  const [club] = await db
    .select({ at: clubs.suspendedAt, reason: clubs.suspensionReason })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return {
    roles,
    grantActive: grant ? grant.moduleActive !== false : null,
    suspendedReason: club?.at ? (club.reason ?? '') : null,
  };
}

/**
 * Decides whether the signed-in user may use the route's `clubPermission` in club `:id`:
 * a super admin always may; anyone who is not a member of the club gets 404 (the club's
 * existence is not revealed); a member whose roles in that club do not grant the
 * permission, or whose module is switched off, gets 403. What the roles grant is what
 * they hold in that club: its overrides first, the platform defaults otherwise.
 */
export function createClubGuard(db: Db): onRequestAsyncHookHandler {
  return async function clubGuard(request: FastifyRequest, _reply: FastifyReply) {
    const permission = request.routeOptions.config.clubPermission;
    // A route reaching this hook without a marker is a programming error: refuse, never allow.
    if (!permission) throw new AppError(403, clubMessages.forbidden);
    const user = currentUserOf(request);
    if (user.isSuperAdmin) return;

    const clubId = clubIdOf(request);
    if (clubId === undefined) throw new AppError(404, clubMessages.notFound);
    // Read with the session (createClubSessionLoader) on a clubRoute; here otherwise.
    const access = clubAccessOf(request) ?? (await readAccess(db, user.id, clubId, permission));
    if (access.roles.length > 0) guardedRoles.set(request, access.roles);
    const refusal = refusalOf(access);
    if (refusal) throw refusal;
  };
}

/** The guard's answer to a caller with `access` (not a super admin): none when they may. */
function refusalOf(access: ClubAccess): AppError | undefined {
  if (access.roles.length === 0) return new AppError(404, clubMessages.notFound);
  // A suspended club refuses its members (not the super admin, who never gets here).
  if (access.suspendedReason !== null)
    return new AppError(423, adminClubMessages.suspended(access.suspendedReason));
  if (access.grantActive === null) return new AppError(403, clubMessages.forbidden);
  if (access.grantActive === false) return new AppError(403, clubMessages.moduleDisabled);
  return undefined;
}

/**
 * The club guard's rules for a route outside the club path that names its club in the
 * body (`POST /api/parents/invite { club_id }`): what the guard would answer `user` for
 * `permission` in `clubId` (404 to a non-member, 423, 403), or undefined when they may.
 */
export async function clubPermissionRefusal(
  db: Db,
  user: CurrentUser,
  clubId: number,
  permission: ClubPermission,
): Promise<AppError | undefined> {
  if (user.isSuperAdmin) return undefined;
  return refusalOf(await readAccess(db, user.id, clubId, permission));
}

/**
 * The options every club-scoped route spreads into its definition: the permission marker
 * (`config.clubPermission`, which the authorisation matrix test enumerates) and the
 * hooks that enforce it. They run on `onRequest`, before the body is validated, so an
 * anonymous or foreign caller learns nothing from a 400.
 */
export type ClubRoute = (
  permission: ClubPermission,
  /** The route's read, run in the session's round trip (club-session.ts `ClubRead`). */
  read?: ClubRead,
) => {
  config: { clubPermission: ClubPermission; sessionLoader: SessionLoader };
  onRequest: onRequestAsyncHookHandler[];
};

export function createClubRoute(
  requireUser: preHandlerAsyncHookHandler,
  clubGuard: onRequestAsyncHookHandler,
  sessionLoaderFor: (permission: ClubPermission, read?: ClubRead) => SessionLoader,
): ClubRoute {
  return (permission, read) => ({
    config: { clubPermission: permission, sessionLoader: sessionLoaderFor(permission, read) },
    onRequest: [requireUser as onRequestAsyncHookHandler, clubGuard],
  });
}

/**
 * An `onRoute` check: registering a club-scoped route without the permission marker or
 * without `clubGuard` among its `onRequest` hooks fails at start-up, so no route can
 * forget the authorisation.
 */
export function assertClubRouteGuarded(
  route: RouteOptions,
  clubGuard: onRequestAsyncHookHandler,
): void {
  if (!isClubScopedUrl(route.url)) return;
  const hooks = [route.onRequest ?? []].flat();
  if (!route.config?.clubPermission || !hooks.includes(clubGuard)) {
    const methods = [route.method].flat().join(',');
    throw new Error(
      `${methods} ${route.url} is club-scoped but not guarded: spread clubRoute('<module>.<action>') into its options`,
    );
  }
}
