import type { Role, RoleConfiguration } from '../../contract/roles.schema';

/*
 * The draft of the roles-permissions matrix as pure functions (what is granted, what
 * changed, what may be ticked), used by the guards and `assign`s of
 * roles-permissions.machine.ts. The configuration shapes are the contract's.
 */

/** The granted permission ids of each module, by module id, sorted. */
export type Grants = Readonly<Record<number, readonly number[]>>;

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
