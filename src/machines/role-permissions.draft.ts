import type { Role, RoleChoice, RoleConfiguration, RoleScope } from '../../contract/roles.schema';
import type { RequestFailure } from '../lib/request-failure';

/*
 * The role-permissions machine's types and the pure functions its guards and `assign`s
 * use (the draft of the matrix), kept apart so the machine file stays a readable statechart.
 * The configuration and request shapes are the contract's, shared with src/api/roles.api.ts.
 */

export type {
  ConfiguredModule,
  ModuleSave,
  RoleChoice,
  RoleConfiguration,
  RoleScope,
} from '../../contract/roles.schema';

/** The granted permission ids of each module, by module id, sorted. */
export type Grants = Readonly<Record<number, readonly number[]>>;

export interface RolePermissionsInput {
  isSuperAdmin: boolean;
  /** The selected club's id, 0 when none (a super admin may have none: platform defaults then). */
  clubId: number;
}

export interface RolePermissionsContext extends RolePermissionsInput {
  /** The roles in the picker (Super Admin hidden from everyone else). */
  roles: Role[];
  roleId: number | null;
  scope: RoleScope;
  /** The role's configuration as the server last answered it. */
  configuration: RoleConfiguration | null;
  /** The matrix as the person ticked it. */
  draft: Grants;
  /** The modules still to save, one POST each, in order. */
  queue: number[];
  /** The role or scope asked for while the draft had changes: loaded once discarding is confirmed. */
  pending: RoleChoice | null;
  /** Why loading or the last save failed (the server's message). */
  failure: RequestFailure | null;
}

export type RolePermissionsEvent =
  | { type: 'roles.select'; roleId: number }
  | { type: 'roles.scope'; scope: RoleScope }
  | { type: 'permission.toggle'; moduleId: number; permissionId: number; granted: boolean }
  | { type: 'permissions.save' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'load.retry' };

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
