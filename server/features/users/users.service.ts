import { asc, eq } from 'drizzle-orm';
import {
  type ModuleAction,
  type ModuleSlug,
  type User,
  type UserModule,
  type UserPermissions,
  moduleActions,
} from '../../../contract/users.schema';
import { authMessages } from '../../../contract/auth.schema';
import { effectivePermissions } from '../../auth/club-permissions';
import type { Db } from '../../db/client';
import { modules, permissions, roles } from '../../db/schema/access';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { userOnboarding } from '../../db/schema/onboarding';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { defaultOnboarding, onboardingStatus } from '../onboarding/onboarding.flows';

const SUPER_ADMIN = 'Super Admin';

export interface Membership {
  clubId: number;
  clubName: string;
  roleId: number;
  roleName: string;
  priority: number;
}

interface PermissionRow {
  name: string;
  moduleSlug: string | null;
  action: string;
}

function memberships(db: Db, userId: number): Promise<Membership[]> {
  return db
    .select({
      clubId: clubs.id,
      clubName: clubs.name,
      roleId: roles.id,
      roleName: roles.name,
      priority: roles.priority,
    })
    .from(clubMemberships)
    .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(eq(clubMemberships.userId, userId))
    .orderBy(asc(clubMemberships.id));
}

/**
 * The permissions `roleIds` hold in club `clubId` (its overrides, else the platform
 * defaults), or every permission for a super admin.
 */
async function grantedPermissions(
  db: Db,
  isSuperAdmin: boolean,
  clubId: number | null,
  roleIds: number[],
): Promise<PermissionRow[]> {
  if (isSuperAdmin) {
    return db
      .select({ name: permissions.name, moduleSlug: modules.slug, action: permissions.action })
      .from(permissions)
      .leftJoin(modules, eq(modules.id, permissions.moduleId))
      .orderBy(asc(permissions.id));
  }
  return effectivePermissions(db, clubId, roleIds);
}

/** Who the user is in the club they work in (see `loadUser` for how that club is chosen). */
export interface WorkingContext {
  user: typeof users.$inferSelect;
  onboarding: typeof userOnboarding.$inferSelect | null;
  /** Every club the user may be listed in, by id (their clubs, plus the working one). */
  clubById: Map<number, string>;
  currentClubId: number | null;
  /** The user's memberships in the working club, highest priority first. */
  clubRoles: Membership[];
  /** 'Super Admin' for a super admin, then the club roles by priority. */
  roleNames: string[];
}

/**
 * The user, their onboarding row and their roles in the club they work in:
 * `requestedClubId` (the `X-Club-Id` the browser sends) when they belong to it, else
 * `current_club_id` when they belong to it, else their first membership. A super admin
 * may work in any existing club. A club they may not work in is ignored, never an error.
 */
export async function workingContext(
  db: Db,
  userId: number,
  requestedClubId?: number,
): Promise<WorkingContext> {
  const [row] = await db
    .select({ user: users, onboarding: userOnboarding })
    .from(users)
    .leftJoin(userOnboarding, eq(userOnboarding.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(401, authMessages.unauthenticated);
  const { user, onboarding } = row;

  const held = await memberships(db, user.id);
  const clubById = new Map<number, string>();
  for (const membership of held) clubById.set(membership.clubId, membership.clubName);

  /** `clubId` when the user may work there (a super admin: any club that exists). */
  const usable = async (clubId: number | null | undefined): Promise<number | null> => {
    if (clubId === null || clubId === undefined) return null;
    if (clubById.has(clubId)) return clubId;
    if (!user.isSuperAdmin) return null;
    const [club] = await db
      .select({ id: clubs.id, name: clubs.name })
      .from(clubs)
      .where(eq(clubs.id, clubId));
    if (!club) return null;
    clubById.set(club.id, club.name);
    return club.id;
  };
  const currentClubId =
    (await usable(requestedClubId)) ??
    (await usable(user.currentClubId)) ??
    held[0]?.clubId ??
    null;

  const clubRoles = held
    .filter((membership) => membership.clubId === currentClubId)
    .sort((a, b) => b.priority - a.priority);
  const roleNames = [
    ...new Set([...(user.isSuperAdmin ? [SUPER_ADMIN] : []), ...clubRoles.map((r) => r.roleName)]),
  ];
  return { user, onboarding, clubById, currentClubId, clubRoles, roleNames };
}

/**
 * `GET /api/user`: the person, computed for the club they work in (`workingContext`). A
 * super admin is listed as 'Super Admin' plus their club roles and has every permission
 * and all nine modules. The onboarding follows the flow of their first role.
 */
export async function loadUser(db: Db, userId: number, requestedClubId?: number): Promise<User> {
  const { user, onboarding, clubById, currentClubId, clubRoles, roleNames } = await workingContext(
    db,
    userId,
    requestedClubId,
  );

  const granted = await grantedPermissions(
    db,
    user.isSuperAdmin,
    currentClubId,
    clubRoles.map((r) => r.roleId),
  );
  const moduleRows = await db
    .select()
    .from(modules)
    .orderBy(asc(modules.orderIndex), asc(modules.id));

  const actionsBySlug = new Map<string, Set<string>>();
  for (const permission of granted) {
    if (!permission.moduleSlug) continue;
    const actions = actionsBySlug.get(permission.moduleSlug) ?? new Set<string>();
    actions.add(permission.action);
    actionsBySlug.set(permission.moduleSlug, actions);
  }

  const userModules: UserModule[] = moduleRows
    .filter((module) => user.isSuperAdmin || actionsBySlug.has(module.slug))
    .map((module) => {
      const actions = actionsBySlug.get(module.slug) ?? new Set<string>();
      const can = (action: ModuleAction) => user.isSuperAdmin || actions.has(action);
      return {
        id: module.id,
        slug: module.slug as ModuleSlug,
        name: module.name,
        icon: module.icon,
        category: module.category,
        route_prefix: module.routePrefix,
        order_index: module.orderIndex,
        enabled: module.isActive,
        permissions: {
          view: can('view'),
          create: can('create'),
          update: can('update'),
          delete: can('delete'),
        },
      };
    });

  const permissionsByModule: Record<string, string[]> = {};
  for (const module of userModules) {
    permissionsByModule[module.slug] = moduleActions.filter((action) => module.permissions[action]);
  }

  const listClub = [...clubById.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id);

  return {
    id: user.id,
    name: user.name,
    lastname: user.lastname,
    email: user.email,
    roles: roleNames.map((name) => ({ name })),
    is_super_admin: user.isSuperAdmin,
    permissions: granted.map((permission) => permission.name),
    permissions_by_module: permissionsByModule,
    listClub,
    modules: userModules,
    onboarding: userOnboardingStatus(onboarding, roleNames[0]),
    current_club_id: currentClubId,
  };
}

/** The onboarding status of GET /api/user (without the flow's slug, which it does not list). */
function userOnboardingStatus(
  row: typeof userOnboarding.$inferSelect | null,
  primaryRole: string | undefined,
): User['onboarding'] {
  const { flow: _flow, ...status } = onboardingStatus(row ?? defaultOnboarding, primaryRole);
  return status;
}

/** `GET /api/user/permissions`: the permission part of `loadUser`. */
export async function loadUserPermissions(
  db: Db,
  userId: number,
  requestedClubId?: number,
): Promise<UserPermissions> {
  const user = await loadUser(db, userId, requestedClubId);
  return {
    roles: user.roles,
    permissions: user.permissions,
    permissions_by_module: user.permissions_by_module,
    is_super_admin: user.is_super_admin,
  };
}
