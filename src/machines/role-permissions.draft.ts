import type { z } from 'zod';
import type { Role } from '../../contract/roles.schema';
import type { roleConfigurationResponseSchema } from '../../contract/roles.schema';

/*
 * The role-permissions machine's types and the pure functions its guards and `assign`s
 * use (the draft of the matrix), kept apart so the machine file stays a readable statechart.
 */

/** One role's row of the roles × modules matrix, as the server answers it. */
export type RoleConfiguration = z.infer<typeof roleConfigurationResponseSchema>['data'];
export type ConfiguredModule = RoleConfiguration['modules'][number];

/**
 * Whose permissions are shown: the selected club's ('club') or the platform defaults every
 * club starts from ('platform', super admin only).
 */
export type RoleScope = 'club' | 'platform';

/** The granted permission ids of each module, by module id, sorted. */
export type Grants = Readonly<Record<number, readonly number[]>>;

/** What the screen asks to load: a role, in a scope. */
export interface RoleChoice {
  roleId: number;
  scope: RoleScope;
}

/** One POST /api/admin/roles/permissions: the role's permissions in one module become these. */
export interface ModuleSave {
  roleId: number;
  /** The club of the configuration being saved; null for the platform defaults. */
  clubId: number | null;
  moduleId: number;
  permissionIds: number[];
}

export const SUPER_ADMIN_ROLE = 'Super Admin';

/** The roles this person may configure: Super Admin only shows to the super admin. */
export const visibleRoles = (roles: readonly Role[], isSuperAdmin: boolean): Role[] =>
  roles.filter((role) => isSuperAdmin || role.name !== SUPER_ADMIN_ROLE);

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** What the server says is granted, module by module. */
export function grantsOf(configuration: RoleConfiguration): Grants {
  const grants: Record<number, readonly number[]> = {};
  for (const module of configuration.modules) {
    grants[module.id] = sorted(module.permissions.filter((p) => p.granted).map((p) => p.id));
  }
  return grants;
}

const sameIds = (a: readonly number[] = [], b: readonly number[] = []) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** The modules whose draft differs from the configuration, in the server's order. */
export const changedModules = (configuration: RoleConfiguration, draft: Grants): number[] => {
  const saved = grantsOf(configuration);
  return configuration.modules
    .map((module) => module.id)
    .filter((id) => !sameIds(saved[id], draft[id]));
};

/** A permission the person may tick or untick: an editable configuration, a compatible module of its own. */
export function canChange(
  configuration: RoleConfiguration | null,
  moduleId: number,
  permissionId: number,
): boolean {
  if (!configuration?.editable) return false;
  const module = configuration.modules.find(({ id }) => id === moduleId);
  return !!module?.compatible && module.permissions.some(({ id }) => id === permissionId);
}

/** The draft with one permission granted or not. */
export function withPermission(
  draft: Grants,
  moduleId: number,
  permissionId: number,
  granted: boolean,
): Grants {
  const ids = new Set(draft[moduleId] ?? []);
  if (granted) ids.add(permissionId);
  else ids.delete(permissionId);
  return { ...draft, [moduleId]: sorted(ids) };
}

/** The draft of one module as the server saved it, the other modules' drafts kept. */
export const withSavedModule = (
  draft: Grants,
  saved: RoleConfiguration,
  moduleId: number,
): Grants => ({ ...draft, [moduleId]: grantsOf(saved)[moduleId] ?? [] });
