import { asc, eq } from 'drizzle-orm';
import {
  type ModuleAction,
  type ModuleSlug,
  type User,
  type UserModule,
  type UserPermissions,
  moduleActions,
} from '../../../contract/users.schema';
import { effectivePermissions } from '../../auth/club-permissions';
import type { Db } from '../../db/client';
import { modules, permissions } from '../../db/schema/access';
import type { userOnboarding } from '../../db/schema/onboarding';
import { defaultOnboarding, onboardingStatus } from '../onboarding/onboarding.flows';
import { type WorkingContext, workingContext } from './working-context';

export { type Membership, type WorkingContext, workingContext } from './working-context';

interface PermissionRow {
  name: string;
  moduleSlug: string | null;
  action: string;
}

/**
 * The permissions `roleIds` hold in club `clubId` (its overrides, else the platform
 * defaults), or every permission for a super admin. A permission of a switched-off module
 * is not held (issue #33 item 2): the club guard answers it 403 `moduleDisabled`, so the
 * menu, the route guard and every screen that reads these permissions leave it out too.
 * The super admin passes the club guard with a module off, and keeps everything here.
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
  const held = await effectivePermissions(db, clubId, roleIds);
  return held.filter((permission) => permission.moduleActive !== false);
}

/**
 * `GET /api/user`: the person, computed for the club they work in (`workingContext`), in
 * two round trips at most. A super admin is listed as 'Super Admin' plus their club roles
 * and has every permission and all nine modules. The onboarding follows the flow of their
 * first role.
 */
export async function loadUser(db: Db, userId: number, requestedClubId?: number): Promise<User> {
  // Round trip 1: user, onboarding, memberships, working club and modules.
  return userOf(db, await workingContext(db, userId, requestedClubId));
}

/** `loadUser` from its first round trip, already made (by requireUser, on GET /api/user). */
export async function userOf(db: Db, context: WorkingContext): Promise<User> {
  const { user, onboarding, clubById, currentClubId, clubRoles, roleNames } = context;

  // Round trip 2 (none for a user without a club): what their roles hold there.
  const granted = await grantedPermissions(
    db,
    user.isSuperAdmin,
    currentClubId,
    clubRoles.map((r) => r.roleId),
  );
  const moduleRows = context.modules;

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
    // A signed-in person always has an e-mail (a person without one cannot sign in).
    email: user.email ?? '',
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
export function userPermissionsOf(user: User): UserPermissions {
  return {
    roles: user.roles,
    permissions: user.permissions,
    permissions_by_module: user.permissions_by_module,
    is_super_admin: user.is_super_admin,
  };
}
