import {
  CLUB_OWNER_ROLE,
  moduleActions,
  type ModuleAction,
  type SETTINGS_MANAGE,
} from '../../contract/names';
import type { ModuleSlug, UserPermissions } from '../../contract/users.schema';

/*
 * Permission checks over `GET /api/user/permissions` (spec §6), with the server's names:
 * `<module>.<action>` (e.g. `players.view`, `payments.update`) and `settings.manage`
 * (server/db/seed/reference.ts). The super admin passes every check; no permissions
 * (not loaded, signed out) fail every check. The UI hides what the server would refuse,
 * so it must ask with the same names (DOMAIN.md, trap 15).
 */

/** What the checks read; `null` or `undefined` while nothing is known. */
export type MaybePermissions = UserPermissions | null | undefined;

const isSuperAdmin = (p: MaybePermissions): boolean => p?.is_super_admin === true;

/** True when the user holds `permission` (e.g. `'players.view'`). */
export function hasPermission(p: MaybePermissions, permission: string): boolean {
  if (!p) return false;
  return isSuperAdmin(p) || p.permissions.includes(permission);
}

/** True when the user holds at least one of `permissions` (none given: false). */
export function hasAnyPermission(p: MaybePermissions, permissions: readonly string[]): boolean {
  if (isSuperAdmin(p)) return true;
  return permissions.some((permission) => hasPermission(p, permission));
}

/** True when the user holds every one of `permissions` (none given: true for a known user). */
export function hasAllPermissions(p: MaybePermissions, permissions: readonly string[]): boolean {
  if (!p) return false;
  return permissions.every((permission) => hasPermission(p, permission));
}

/** True when the user has the role named `role` (e.g. `'Entrenador'`) in the current club. */
export function hasRole(p: MaybePermissions, role: string): boolean {
  if (!p) return false;
  return isSuperAdmin(p) || p.roles.some(({ name }) => name === role);
}

/**
 * Whether the user may edit or archive a club where they hold `clubRoles`: its owner, or a
 * super admin (the server's `club.update` / `club.delete`). The other checks read the
 * working club's roles; this one reads the roles of the club asked about.
 */
export function canManageClub(p: MaybePermissions, clubRoles: readonly string[]): boolean {
  if (!p) return false;
  return hasRole({ ...p, roles: clubRoles.map((name) => ({ name })) }, CLUB_OWNER_ROLE);
}

/** True when the user has at least one of `roles`. */
export function hasAnyRole(p: MaybePermissions, roles: readonly string[]): boolean {
  if (isSuperAdmin(p)) return true;
  return roles.some((role) => hasRole(p, role));
}

/** True when the module `slug` grants `action` (default `view`) to the user. */
export function canUseModule(
  p: MaybePermissions,
  slug: string,
  action: ModuleAction = 'view',
): boolean {
  if (!p) return false;
  if (isSuperAdmin(p)) return true;
  // An own property only: `constructor` or `toString` are not modules.
  const actions = Object.hasOwn(p.permissions_by_module, slug)
    ? p.permissions_by_module[slug]
    : undefined;
  return actions?.includes(action) ?? false;
}

/** Full module access: view, create, update and delete all granted (spec §6). */
export function hasFullModuleAccess(p: MaybePermissions, slug: string): boolean {
  return moduleActions.every((action) => canUseModule(p, slug, action));
}

/**
 * A permission name as the server grants and checks it (its `clubRoute(...)` takes the
 * same type): `<module>.<action>` or `settings.manage`.
 */
export type PermissionName = `${ModuleSlug}.${ModuleAction}` | typeof SETTINGS_MANAGE;

/**
 * What a menu item or a page asks for: a module slug (`'players'`, meaning `players.view`)
 * or a permission name (`'payments.update'`, `'settings.manage'`); see src/lib/page-access.ts.
 */
export type Requirement = ModuleSlug | PermissionName;

/** The menu filter of spec §2: a slug needs its `view` action, a dotted name that permission. */
export function canSee(p: MaybePermissions, requirement: Requirement): boolean {
  return requirement.includes('.')
    ? hasPermission(p, requirement)
    : canUseModule(p, requirement, 'view');
}
